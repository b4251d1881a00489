import { z } from 'zod';

/**
 * The building blocks every contract uses for ids and days, bounded by what the column behind them holds, so a value
 * the contract admits can never make PostgreSQL refuse the query (docs/decisions/023-bad-input-and-replays.md).
 */

/** The largest PostgreSQL `integer` (`serial` ids: countries, tariff brackets, timetable rows). */
export const PG_INT_MAX = 2_147_483_647;
/** The largest PostgreSQL `bigint` (`bigserial` ids: members, withdrawals, notifications, ...). */
export const PG_BIGINT_MAX = 9_223_372_036_854_775_807n;

/** An id as its digits or a JSON number, converted and refused above the column's largest value. */
function boundedId<T extends number | bigint>(
  message: string,
  digits: RegExp,
  number: z.ZodNumber,
  convert: (value: string | number) => T,
  max: T,
) {
  return z
    .union([z.string({ error: message }).trim().regex(digits, message), number], { error: message })
    .transform((value, ctx) => {
      const id = convert(value);
      if (id > max) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return id;
    });
}

/**
 * An id of an `integer` column: a whole number from 1 to 2147483647, as a JSON number or its digits (query strings
 * carry text). Answers a number.
 */
export const intId = (message = 'A valid id is required') =>
  boundedId(
    message,
    /^[1-9]\d{0,9}$/,
    z.number({ error: message }).int(message).min(1, message).max(PG_INT_MAX, message),
    Number,
    PG_INT_MAX,
  );
export const IntIdSchema = intId();

/**
 * An id of a `bigint` column: a whole number from 1 to 9223372036854775807, as its digits or a JSON number (safe
 * integers only: a larger JSON number has already lost digits). Answers a bigint.
 */
export const bigId = (message = 'A valid id is required') =>
  boundedId(message, /^[1-9]\d{0,18}$/, z.number({ error: message }).int(message).min(1, message), BigInt, PG_BIGINT_MAX);
export const BigIdSchema = bigId();

/** True for a real day of the Gregorian calendar written YYYY-MM-DD, years 0001 to 9999 (PostgreSQL has no year 0). */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A calendar day, YYYY-MM-DD, that exists (`2026-02-30` and `9873-70-56` do not). */
export const calendarDate = (message = 'Use a real date like 2026-01-31') =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine(isCalendarDate, message);
export const CalendarDateSchema = calendarDate();

/** The token of a link the server made (a password reset, an email confirmation, an access link): 20 to 200 characters. */
export const linkToken = (invalid: string, tooLong = invalid) =>
  z.string({ error: invalid }).trim().min(20, invalid).max(200, tooLong);
