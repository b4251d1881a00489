import { PHONE_MAX_DIGITS, PHONE_MIN_DIGITS } from '@tuzo/contracts';
import { AppError } from '../../lib/errors.ts';

/**
 * Stored phone form: "+" + dial digits + national number without its leading 0 ("+254712345678"). The client
 * joins the dial code and the number; it may leave out the "+" or keep the national 0 ("+2540712345678").
 * A number that does not start with the dial code is taken as the national number when it has no "+"
 * ("0712345678"); with a "+" it belongs to another country and is refused.
 */
export function normalisePhone(raw: string, dial: string): string {
  const text = raw.trim();
  const hasPlus = text.startsWith('+');
  const digits = hasPlus ? text.slice(1) : text;
  if (!/^\d+$/.test(digits)) throw new AppError('VALIDATION_FAILED', 'Phone number must contain only digits');
  const dialDigits = dial.replace(/^\+/, '');
  let national: string;
  if (digits.startsWith(dialDigits)) national = digits.slice(dialDigits.length);
  else if (!hasPlus) national = digits;
  else throw new AppError('VALIDATION_FAILED', `Phone number must start with the dial code ${dial} of the selected country`);
  if (national.startsWith('0')) national = national.slice(1);
  if (national.length < PHONE_MIN_DIGITS) throw new AppError('VALIDATION_FAILED', 'Phone number must be at least 10 digits');
  if (national.length > PHONE_MAX_DIGITS) throw new AppError('VALIDATION_FAILED', 'Phone number must be less than 15 digits');
  return `+${dialDigits}${national}`;
}

/** The dial code (of `dials`) that `raw` starts with, longest first; null when none does. */
export function matchDial(raw: string, dials: readonly string[]): string | null {
  const digits = raw.trim().replace(/^\+/, '');
  const sorted = [...dials].sort((a, b) => b.length - a.length);
  return sorted.find((dial) => digits.startsWith(dial.replace(/^\+/, ''))) ?? null;
}
