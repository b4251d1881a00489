import { currentLanguage, translate } from '@/i18n';
import { formatDateTexts } from './format-date.texts';

/** A timestamp as a Date: ISO, or "2025-03-05 15:04:00" (a space instead of the T) read as local time like ISO. */
function parseDateTime(value: string): Date {
  return new Date(/^\d{4}-\d{2}-\d{2} \d/.test(value) ? value.replace(' ', 'T') : value);
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** Hour and minute: "03:04 PM" in English (the spec's form), "15:04" in Swahili (Kenya's 24-hour clock). */
function clockTime(date: Date, language: string): string {
  const hours = date.getHours();
  const minutes = twoDigits(date.getMinutes());
  if (language === 'sw') return `${twoDigits(hours)}:${minutes}`;
  return `${twoDigits(hours % 12 === 0 ? 12 : hours % 12)}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/**
 * Long date with hour and minute in the language shown: English as the spec says ("March 5, 2025 at 03:04 PM"),
 * Swahili in Kenya's form ("5 Machi 2025 saa 15:04"); "N/A" (Swahili "Haipatikani") when missing or unreadable.
 * Written out from the month names rather than with Intl.DateTimeFormat: the first Intl formatter of a page starts
 * ICU, about 100 ms of main thread on a throttled phone, and the dashboard shows this date on its first screen
 * (decision 058). `format-date.test.ts` checks the result against Intl for every month and hour.
 */
export function formatLongDateTime(value: string | null | undefined): string {
  const missing = translate(formatDateTexts, 'missing');
  if (!value) return missing;
  const date = parseDateTime(value);
  if (Number.isNaN(date.getTime())) return missing;
  const language = currentLanguage();
  const month = translate(formatDateTexts, 'months').split(' ')[date.getMonth()] ?? '';
  return translate(formatDateTexts, 'longDateTime', {
    month,
    day: date.getDate(),
    year: date.getFullYear(),
    time: clockTime(date, language),
  });
}

/**
 * The member's local date and time form of a timestamp (the browser's own form in English, Kenya's in Swahili); empty
 * when missing, the text itself when unreadable.
 */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = parseDateTime(value);
  return Number.isNaN(date.getTime()) ? value : date.toLocaleString(currentLanguage() === 'sw' ? 'sw-KE' : undefined);
}
