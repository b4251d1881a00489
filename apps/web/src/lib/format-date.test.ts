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
