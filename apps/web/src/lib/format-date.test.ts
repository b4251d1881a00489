import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '@/i18n';
import { formatDateTime, formatLongDateTime } from './format-date';

afterEach(async () => {
  await setLanguage('en');
});

describe('formatDateTime', () => {
  const at = '2026-11-25T19:28:51.000Z';

  it('is the browser’s own form in English and Kenya’s form in Swahili', async () => {
    expect(formatDateTime(at)).toBe(new Date(at).toLocaleString());
    await setLanguage('sw');
    expect(formatDateTime(at)).toBe(new Date(at).toLocaleString('sw-KE'));
    expect(formatDateTime(at)).not.toMatch(/AM|PM/);
  });

  it('is empty when missing and the text itself when unreadable, in either language', async () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('not a date');
    await setLanguage('sw');
    expect(formatDateTime('not a date')).toBe('not a date');
    expect(formatLongDateTime(null)).toBe('Haipatikani');
  });
});

describe('formatLongDateTime', () => {
  const LONG: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric', hour: '2-digit', minute: '2-digit' };
  // Every month, and hours around midnight and noon, against the browser's own Intl form of the same instant.
  const instants = Array.from({ length: 12 }, (_, month) =>
    [0, 1, 9, 11, 12, 13, 23].map((hour) => new Date(2025, month, 1 + month * 2, hour, month * 5)),
  ).flat();

  it('writes the same text as Intl in English ("March 5, 2025 at 03:04 PM")', () => {
    expect(formatLongDateTime('2025-03-05 15:04:00')).toBe('March 5, 2025 at 03:04 PM');
    for (const at of instants) expect(formatLongDateTime(at.toISOString())).toBe(at.toLocaleString('en-US', LONG));
  });

  it('writes the same text as Intl in Swahili ("5 Machi 2025 saa 15:04")', async () => {
    await setLanguage('sw');
    expect(formatLongDateTime('2025-03-05 15:04:00')).toBe('5 Machi 2025 saa 15:04');
    for (const at of instants) expect(formatLongDateTime(at.toISOString())).toBe(at.toLocaleString('sw-KE', LONG));
  });

  it('is N/A when missing or unreadable', () => {
    expect(formatLongDateTime(undefined)).toBe('N/A');
    expect(formatLongDateTime('not a date')).toBe('N/A');
  });
});
