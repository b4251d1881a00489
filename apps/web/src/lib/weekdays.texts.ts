import { WEEKDAY_NAMES, WEEKDAY_NAMES_SW, type WeekdayName } from '@tuzo/contracts';
import { defineTexts, useTexts } from '@/i18n';

/** The weekday names the server sends in English (task and trivia days), in the member's language. */
export const weekdaysTexts = defineTexts('weekdays', {
  en: Object.fromEntries(WEEKDAY_NAMES.map((name) => [name, name])) as Record<WeekdayName, string>,
  sw: WEEKDAY_NAMES_SW,
});

function isWeekday(name: string): name is WeekdayName {
  return (WEEKDAY_NAMES as readonly string[]).includes(name);
}

/** Names an English weekday in the language shown; any other text is returned as it came. */
export function useWeekdayName(): (name: string) => string {
  const t = useTexts(weekdaysTexts);
  return (name) => (isWeekday(name) ? t(name) : name);
}
