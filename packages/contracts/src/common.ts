import { z } from 'zod';
import { parseAmountToMinor } from './money.ts';

/**
 * The building blocks many contracts share: the empty payload and data, the paged payload and answer of the console's
 * lists, and the amount text operators type (docs/decisions/026-contracts-common.md). A contract uses these instead
 * of writing its own copy, so a limit or a pattern changes in one place.
 */

// ---------------------------------------------------------------------------------------------------------------
// Empty payload and data.

/** The payload of an action that takes no fields: unknown fields are ignored (the spec's client sends some). */
export const NoPayloadSchema = z.object({}).passthrough();
/** The data of an action that answers with a message only: `data: null`. */
export const NoDataSchema = z.null();
export type NoData = z.infer<typeof NoDataSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Paged payload and answer.

/** The most rows one page of a list may ask for. */
export const PAGE_LIMIT_MAX = 100;

/** `page`: 1-based, from a query string or JSON; 1 when left out. */
export const PageSchema = z.coerce.number({ error: 'page must be a whole number' }).int().min(1).max(100_000).default(1);

/** `limit`: rows a page, 1 to PAGE_LIMIT_MAX; `defaultLimit` when left out (the list's own page size). */
export const pageLimit = (defaultLimit = 50) =>
  z.coerce
    .number({ error: 'limit must be a whole number' })
    .int()
    .min(1)
    .max(PAGE_LIMIT_MAX, `limit is at most ${PAGE_LIMIT_MAX}`)
    .default(defaultLimit);

/** The paged payload's fields, to spread into a list's payload beside its filters: `{ ...pagedPayload(), status }`. */
export const pagedPayload = (defaultLimit = 50) => ({ page: PageSchema, limit: pageLimit(defaultLimit) });

/** The paged payload of a list with no filters. */
export const PagedPayloadSchema = z.object(pagedPayload());

/**
 * The paged answer of every console list and the spin history: one page of `rows` with the page asked, its size and
 * the number of rows in all. `extra` adds a list's own fields after these (the member lists' `is_total_capped`, the
 * audit log's `actions`). The member pages' spec answers (notifications' `items`/`pages`, the team's
 * `data`/`pages`) keep their own shapes.
 */
export function pagedAnswer<Row extends z.ZodType>(row: Row): z.ZodObject<PagedAnswerShape<Row>>;
export function pagedAnswer<Row extends z.ZodType, Extra extends z.ZodRawShape>(
  row: Row,
  extra: Extra,
): z.ZodObject<PagedAnswerShape<Row> & Extra>;
export function pagedAnswer(row: z.ZodType, extra: z.ZodRawShape = {}) {
  return z.object({ rows: z.array(row), page: z.number().int(), limit: z.number().int(), total: z.number().int(), ...extra });
}
export type PagedAnswerShape<Row extends z.ZodType> = {
  rows: z.ZodArray<Row>;
  page: z.ZodNumber;
  limit: z.ZodNumber;
  total: z.ZodNumber;
};

// ---------------------------------------------------------------------------------------------------------------
// Amount text.

/** An amount as an operator types it: up to 12 digits with at most 2 decimals ("5", "5.5", "100.00"); zero allowed. */
export const AMOUNT_TEXT_PATTERN = /^\d{1,12}(\.\d{1,2})?$/;

export interface AmountTextOptions {
  /** The message for a value that is not text at all (zod's own when left out). */
  required?: string;
  /** Trim white space before the pattern is checked (default true). */
  trim?: boolean;
}

/** Text matching AMOUNT_TEXT_PATTERN, else `message`. The answer stays text (decimal strings on the wire). */
export function amountText(message: string, options: AmountTextOptions = {}) {
  const text = z.string(options.required === undefined ? undefined : { error: options.required });
  return (options.trim === false ? text : text.trim()).regex(AMOUNT_TEXT_PATTERN, message);
}

/** Amount text the money helpers also read into minor units (no leading zeros: "007" is refused), else `message`. */
export function minorAmountText(message: string, options: AmountTextOptions = {}) {
  return amountText(message, options).refine((text) => parseAmountToMinor(text) !== null, message);
}

/** An optional field a form or query string may send empty: '' and null read as absent ("no filter"). */
export const optionalField = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());
