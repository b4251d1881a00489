import { describe, expect, it } from 'vitest';
import { formatAmount, formatMoney, isZeroAmount, readTypedAmountMinor, toMinor, toPlainAmount } from './money';

describe('toMinor', () => {
  it('reads wire amounts, signs and thousands separators into minor units', () => {
    expect(toMinor('1234.50')).toBe(123450n);
    expect(toMinor('1,234.5')).toBe(123450n);
    expect(toMinor('-3.00')).toBe(-300n);
    expect(toMinor(' 7 ')).toBe(700n);
  });

  it('reads a JSON number from its decimal text, never through floating point', () => {
    expect(toMinor(12.5)).toBe(1250n);
    expect(toMinor(0)).toBe(0n);
    // 0.1 + 0.2 is 0.30000000000000004: more than 2 decimals, so unreadable rather than rounded.
    expect(toMinor(0.1 + 0.2)).toBeNull();
    expect(toMinor(1e21)).toBeNull();
  });

  it('passes a bigint through and gives null for missing or unreadable values', () => {
    expect(toMinor(99n)).toBe(99n);
    expect(toMinor(null)).toBeNull();
    expect(toMinor(undefined)).toBeNull();
    expect(toMinor('')).toBeNull();
    expect(toMinor('abc')).toBeNull();
    expect(toMinor('1.234')).toBeNull();
    expect(toMinor('--1')).toBeNull();
  });
});

describe('readTypedAmountMinor', () => {
  it('accepts digits with up to 2 decimals and leading zeros', () => {
    expect(readTypedAmountMinor('20')).toBe(2000n);
    expect(readTypedAmountMinor(' 500.5 ')).toBe(50050n);
    expect(readTypedAmountMinor('007.5')).toBe(750n);
    expect(readTypedAmountMinor('0')).toBe(0n);
  });

  it('refuses signs, separators, extra decimals and words', () => {
    for (const text of ['', '-5', '+5', '1,000', '1.234', '1.', '.5', '1e3', 'ten']) {
      expect(readTypedAmountMinor(text), text).toBeNull();
    }
  });
});

describe('formatAmount and formatMoney', () => {
  it('groups thousands with exactly 2 decimals', () => {
    expect(formatAmount('1234.5')).toBe('1,234.50');
    expect(formatAmount('1234567.89')).toBe('1,234,567.89');
    expect(formatAmount('-1234567.8')).toBe('-1,234,567.80');
    expect(formatAmount(999n)).toBe('9.99');
  });

  it('shows anything unreadable as 0.00', () => {
    expect(formatAmount('garbage')).toBe('0.00');
    expect(formatAmount(null)).toBe('0.00');
  });

  it('puts the currency in front when there is one', () => {
    expect(formatMoney('1234.5', 'KES')).toBe('KES 1,234.50');
    expect(formatMoney('5', null)).toBe('5.00');
    expect(formatMoney('5', '')).toBe('5.00');
  });
});

describe('toPlainAmount and isZeroAmount', () => {
  it('pre-fills inputs with 2 decimals and no separators', () => {
    expect(toPlainAmount('1,234.5')).toBe('1234.50');
    expect(toPlainAmount(-250n)).toBe('-2.50');
    expect(toPlainAmount('x')).toBeNull();
  });

  it('treats zero and unreadable amounts as zero', () => {
    expect(isZeroAmount('0.00')).toBe(true);
    expect(isZeroAmount(0)).toBe(true);
    expect(isZeroAmount('')).toBe(true);
    expect(isZeroAmount(undefined)).toBe(true);
    expect(isZeroAmount('0.01')).toBe(false);
    expect(isZeroAmount('-1.00')).toBe(false);
  });
});
