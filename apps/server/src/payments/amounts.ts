import { formatMinor, parseAmountToMinor } from '@tuzo/contracts';

/**
 * Providers put amounts in JSON numbers. These two helpers are the only place a money value is a JS number: it is
 * written from, and read back into, a decimal string, which is exact for any amount with at most 2 decimals and
 * fewer than 15 significant digits (every amount Tuzo accepts from a member).
 */
export function minorToProviderNumber(minor: bigint): number {
  return Number(formatMinor(minor));
}

/** A provider's number or numeric string ("1000", "1000.5", 1000.5) as minor units; null if it has > 2 decimals. */
export function providerAmountToMinor(value: unknown): bigint | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return null;
    const text = String(value);
    return /e/i.test(text) ? null : parseAmountToMinor(text);
  }
  if (typeof value === 'string') return parseAmountToMinor(value.replace(/,/g, ''));
  return null;
}

/** A balance that may be negative ("-1540.00", as Daraja reports a Charges Paid Account): minor units, or null. */
export function providerSignedAmountToMinor(value: unknown): bigint | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!text.startsWith('-')) return providerAmountToMinor(value);
  const magnitude = providerAmountToMinor(text.slice(1));
  return magnitude === null ? null : -magnitude;
}

/**
 * A provider's fee, which may carry more than 2 decimals (Flutterwave's NGN 26.875: a fee plus VAT), rounded half up
 * to minor units from its decimal text (never through a float); null when it is not a non-negative amount.
 */
export function providerFeeToMinor(value: unknown): bigint | null {
  const text =
    typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : typeof value === 'string' ? value.trim() : '';
  const match = /^(\d{1,15})(?:\.(\d{1,6}))?$/.exec(text);
  if (!match) return null;
  const fraction = (match[2] ?? '').padEnd(6, '0');
  const micro = BigInt(match[1] ?? '0') * 1_000_000n + BigInt(fraction);
  return (micro + 5_000n) / 10_000n;
}
