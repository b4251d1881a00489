import { z } from 'zod';
import { MAX_AMOUNT_MINOR, parseAmountToMinor } from './money.ts';

/**
 * The zod schemas of money on the wire, apart from the plain helpers of money.ts, so a screen that only formats
 * amounts (the dashboard) loads no zod (decision 058).
 */
/** Minor units of a positive amount's decimal text, or the reason it is not one. */
function checkPositiveAmount(text: string | null, ctx: z.RefinementCtx): bigint {
  const minor = text === null ? null : parseAmountToMinor(text);
  if (minor === null) {
    ctx.addIssue({ code: 'custom', message: 'Please enter a valid amount (digits with at most 2 decimals)' });
    return z.NEVER;
  }
  if (minor <= 0n) {
    ctx.addIssue({ code: 'custom', message: 'Amount must be greater than 0' });
    return z.NEVER;
  }
  if (minor > MAX_AMOUNT_MINOR) {
    ctx.addIssue({ code: 'custom', message: 'Amount is too large' });
    return z.NEVER;
  }
  return minor;
}

/** A money amount on the wire: a decimal string ("150", "150.5", "150.50"), read into minor units. */
export const AmountSchema = z
  .string({ error: 'Please enter a valid amount' })
  .transform((value, ctx) => checkPositiveAmount(value, ctx));

/**
 * The amount of `stkpush` and `requestpayment`, where the spec's client sends a JSON number. The server reads that
 * number from its decimal text in the request body (apps/server/src/lib/json-body.ts quotes it before JSON.parse),
 * so it never passes through a float; a number reaching this schema any other way must print as a plain decimal.
 */
export const ClientNumberAmountSchema = z
  .union([z.string(), z.number()], { error: 'Please enter a valid amount' })
  .transform((value, ctx) => {
    const text = typeof value === 'number' ? numberToPlainString(value) : value;
    return checkPositiveAmount(text, ctx);
  });

/** A JSON number is accepted only when it prints as a plain decimal (no exponent, finite). */
function numberToPlainString(value: number): string | null {
  if (!Number.isFinite(value) || value < 0) return null;
  const text = String(value);
  return /e/i.test(text) ? null : text;
}

/** A string of money on the wire (always 2 decimals). */
export const MoneyStringSchema = z.string().regex(/^-?\d+\.\d{2}$/);
