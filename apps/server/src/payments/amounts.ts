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
