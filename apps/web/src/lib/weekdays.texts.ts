import { defineTexts, useTexts } from '@/i18n';

/** The weekday names the server sends in English (task and trivia days), in the member's language. */
export const weekdaysTexts = defineTexts('weekdays', {
  en: {
    Sunday: 'Sunday',
    Monday: 'Monday',
    Tuesday: 'Tuesday',
    Wednesday: 'Wednesday',
    Thursday: 'Thursday',
    Friday: 'Friday',
    Saturday: 'Saturday',
  },
  sw: {
    Sunday: 'Jumapili',
    Monday: 'Jumatatu',
    Tuesday: 'Jumanne',
    Wednesday: 'Jumatano',
    Thursday: 'Alhamisi',
    Friday: 'Ijumaa',
    Saturday: 'Jumamosi',
  },
});

type Weekday = keyof typeof weekdaysTexts.en;

function isWeekday(name: string): name is Weekday {
  return Object.hasOwn(weekdaysTexts.en, name);
}

/** Names an English weekday in the language shown; any other text is returned as it came. */
export function useWeekdayName(): (name: string) => string {
  const t = useTexts(weekdaysTexts);
  return (name) => (isWeekday(name) ? t(name) : name);
}
