import { describe, expect, it } from 'vitest';
import { countSeries, money, moneySeries } from './chart-series';

describe('overview chart series', () => {
  it('shows amounts from their decimal strings; the numbers are only the heights drawn', () => {
    const series = moneySeries('Deposits (KES)', '#059669', ['123456789012.35', '0.10', '1234.5', '0']);
    expect(series.texts).toEqual(['123,456,789,012.35', '0.10', '1,234.50', '0.00']);
    expect(series.values).toEqual([123456789012.35, 0.1, 1234.5, 0]);
  });

  it('keeps an unreadable amount as it came rather than inventing a figure', () => {
    expect(money('n/a')).toBe('n/a');
    expect(money('-3.5')).toBe('-3.50');
    expect(moneySeries('Ads', '#d97706', ['n/a']).values).toEqual([0]);
  });

  it('groups counts', () => {
    expect(countSeries('New members', '#9333ea', [12345, 0]).texts).toEqual(['12,345', '0']);
  });
});
