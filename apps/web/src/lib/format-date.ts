import { currentLanguage, translate } from '@/i18n';
import { formatDateTexts } from './format-date.texts';

const LONG_DATE_TIME: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
};

/** A timestamp as a Date: ISO, or "2025-03-05 15:04:00" (a space instead of the T) read as local time like ISO. */
function parseDateTime(value: string): Date {
  return new Date(/^\d{4}-\d{2}-\d{2} \d/.test(value) ? value.replace(' ', 'T') : value);
}

/**
 * Long date with hour and minute in the language shown: English as the spec says ("March 5, 2025 at 03:04 PM"),
 * Swahili in Kenya's form ("5 Machi 2025 15:04"); "N/A" (Swahili "Haipatikani") when missing or unreadable.
 */
export function formatLongDateTime(value: string | null | undefined): string {
  const missing = translate(formatDateTexts, 'missing');
  if (!value) return missing;
  const date = parseDateTime(value);
  const locale = currentLanguage() === 'sw' ? 'sw-KE' : 'en-US';
  return Number.isNaN(date.getTime()) ? missing : date.toLocaleString(locale, LONG_DATE_TIME);
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
