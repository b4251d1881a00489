import { formatMinor, formatMinorGrouped, parseAmountToMinor } from '@tuzo/contracts';

/**
 * Money display helpers. Amounts arrive as decimal strings ("1234.50", maybe "-3.00" or "1,234.50"); they are
 * converted to integer minor units with the contracts helpers, never through floating point.
 */
export type MoneyInput = string | number | bigint | null | undefined;

/** Minor units of a decimal amount, or null when it is not one. Accepts a sign and thousands separators. */
export function toMinor(value: MoneyInput): bigint | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') return value;
  // A JSON number is read from its decimal text ("12.5"), never rounded through floating point; one with more than
  // 2 decimals or an exponent is unreadable like any other bad text.
  const text = (typeof value === 'number' ? String(value) : value).replace(/,/g, '').trim();
  const negative = text.startsWith('-');
  const minor = parseAmountToMinor(negative ? text.slice(1) : text);
  if (minor === null) return null;
  return negative ? -minor : minor;
}

/**
 * Minor units of an amount a member typed into a form: digits with at most 2 decimals, no sign or separators;
 * leading zeros are allowed ("007.5" reads as 7.50). Null for anything else.
 */
export function readTypedAmountMinor(text: string): bigint | null {
  const trimmed = text.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  return parseAmountToMinor(trimmed.replace(/^0+(?=\d)/, ''));
}

/** "1234.5" -> "1,234.50"; anything unreadable shows as "0.00". */
export function formatAmount(value: MoneyInput): string {
  return formatMinorGrouped(toMinor(value) ?? 0n);
}

/** "1234.5", "KES" -> "KES 1,234.50". */
export function formatMoney(value: MoneyInput, currency: string | null | undefined): string {
  const amount = formatAmount(value);
  return currency ? `${currency} ${amount}` : amount;
}

/** "1,234.5" -> "1234.50" (2 decimals, no separators), for pre-filling inputs; null when unreadable. */
export function toPlainAmount(value: MoneyInput): string | null {
  const minor = toMinor(value);
  return minor === null ? null : formatMinor(minor);
}

/** True when the amount is zero or unreadable ("0.00", "0", 0, ""). */
export function isZeroAmount(value: MoneyInput): boolean {
  const minor = toMinor(value);
  return minor === null || minor === 0n;
}

/**
 * The height of an amount on a chart, in currency units ("1234.50" -> 1234.5); 0 when unreadable. Only for drawing:
 * the chart's texts (legend, tables) come from the decimal strings through `formatAmount`, never from this number.
 */
export function toChartHeight(value: MoneyInput): number {
  return Number(toMinor(value) ?? 0n) / 100;
}
