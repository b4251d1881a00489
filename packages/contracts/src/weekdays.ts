/** The weekday names the server sends (task and trivia days), in `Date.getDay()` order. */
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export type WeekdayName = (typeof WEEKDAY_NAMES)[number];

/** Each weekday's name in Swahili: the server's Swahili texts and the web app's weekday bundle both use it. */
export const WEEKDAY_NAMES_SW: Readonly<Record<WeekdayName, string>> = {
  Sunday: 'Jumapili',
  Monday: 'Jumatatu',
  Tuesday: 'Jumanne',
  Wednesday: 'Jumatano',
  Thursday: 'Alhamisi',
  Friday: 'Ijumaa',
  Saturday: 'Jumamosi',
};
