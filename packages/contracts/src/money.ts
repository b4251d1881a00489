/**
 * Money helpers. Amounts are integer minor units (cents) held as `bigint`; on the wire they are decimal strings
 * with at most 2 decimals. Exchange rates are decimal strings with at most 6 decimals, held as integer
 * micro-units (rate x 1,000,000). No floating point is ever used for money.
 */
const DECIMAL_RE = /^(0|[1-9]\d{0,14})(\.\d{1,2})?$/;
const RATE_RE = /^(0|[1-9]\d{0,9})(\.\d{1,6})?$/;
const RATE_SCALE = 1_000_000n;
/** Largest amount accepted from a member: 999,999,999,999,999.99 fits far inside a PostgreSQL bigint. */
export const MAX_AMOUNT_MINOR = 99_999_999_999_999_999n;

/** Parses "12", "12.5", "12.50" into minor units; returns null for anything else. */
export function parseAmountToMinor(text: string): bigint | null {
  const trimmed = text.trim();
  if (!DECIMAL_RE.test(trimmed)) return null;
  const [whole, fraction = ''] = trimmed.split('.');
  return BigInt(whole ?? '0') * 100n + BigInt((fraction + '00').slice(0, 2));
}

/** Formats minor units as a decimal string with exactly 2 decimals: 123450n -> "1234.50". */
export function formatMinor(minor: bigint): string {
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  const whole = abs / 100n;
  const cents = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole.toString()}.${cents}`;
}

/** Formats with thousands separators for display: 123450n -> "1,234.50". */
export function formatMinorGrouped(minor: bigint): string {
  const plain = formatMinor(minor);
  const [whole = '0', cents = '00'] = plain.split('.');
  const sign = whole.startsWith('-') ? '-' : '';
  const digits = sign ? whole.slice(1) : whole;
  return `${sign}${digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}

/** Parses a bigint column that `pg` returned as a string (or number for small int columns). */
export function parseDbMinor(value: string | number | bigint | null | undefined): bigint {
  if (value === null || value === undefined) return 0n;
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error(`Unsafe integer from database: ${value}`);
    return BigInt(value);
  }
  if (!/^-?\d+$/.test(value)) throw new Error(`Not an integer from database: ${value}`);
  return BigInt(value);
}

/** Parses an exchange rate string ("1", "0.0077", "28.5") into micro-units; null when invalid or zero. */
export function parseRateToMicro(text: string): bigint | null {
  const trimmed = text.trim();
  if (!RATE_RE.test(trimmed)) return null;
  const [whole, fraction = ''] = trimmed.split('.');
  const micro = BigInt(whole ?? '0') * RATE_SCALE + BigInt((fraction + '000000').slice(0, 6));
  return micro === 0n ? null : micro;
}

export function formatRateMicro(micro: bigint): string {
  const whole = micro / RATE_SCALE;
  const fraction = (micro % RATE_SCALE).toString().padStart(6, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole.toString();
}

/** Integer division rounded half away from zero (both operands' signs handled). */
export function divRoundHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new Error('Division by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const q = (n * 2n + d) / (2n * d);
  return negative ? -q : q;
}

/** System minor units -> member's local minor units: shown = system x rate, rounded to 2 decimals. */
export function systemToLocalMinor(systemMinor: bigint, rateMicro: bigint): bigint {
  return divRoundHalfUp(systemMinor * rateMicro, RATE_SCALE);
}

/** Member's local minor units -> system minor units: entered = local / rate, rounded to 2 decimals. */
export function localToSystemMinor(localMinor: bigint, rateMicro: bigint): bigint {
  return divRoundHalfUp(localMinor * RATE_SCALE, rateMicro);
}

/** Tariff bracket in minor units; bounds inclusive. */
export interface TariffBracketMinor {
  minMinor: bigint;
  maxMinor: bigint;
  tariffMinor: bigint;
}

/**
 * Withdrawal charge: the bracket containing the amount (bounds inclusive); above the last bracket the last
 * bracket's tariff; otherwise (below the first, or in a gap) 0.
 */
export function tariffFeeMinor(amountMinor: bigint, brackets: readonly TariffBracketMinor[]): bigint {
  if (brackets.length === 0) return 0n;
  const sorted = [...brackets].sort((a, b) => (a.minMinor < b.minMinor ? -1 : a.minMinor > b.minMinor ? 1 : 0));
  for (const bracket of sorted) {
    if (amountMinor >= bracket.minMinor && amountMinor <= bracket.maxMinor) return bracket.tariffMinor;
  }
  const last = sorted.reduce((a, b) => (b.maxMinor > a.maxMinor ? b : a));
  return amountMinor > last.maxMinor ? last.tariffMinor : 0n;
}
