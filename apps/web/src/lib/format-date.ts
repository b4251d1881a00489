const LONG_DATE_TIME: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric', hour: '2-digit', minute: '2-digit' };

/** Long English date with hour and minute ("March 5, 2025 at 03:04 PM"); "N/A" when missing or unreadable. */
export function formatLongDateTime(value: string | null | undefined): string {
  if (!value) return 'N/A';
  // "2025-03-05 15:04:00" (a space instead of the T) is read as local time, like the ISO form.
  const date = new Date(/^\d{4}-\d{2}-\d{2} \d/.test(value) ? value.replace(' ', 'T') : value);
  return Number.isNaN(date.getTime()) ? 'N/A' : date.toLocaleString('en-US', LONG_DATE_TIME);
}

/** The browser's local date and time of an ISO timestamp; empty when missing, the text itself when unreadable. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}
