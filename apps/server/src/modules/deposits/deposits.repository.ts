import { sql } from 'drizzle-orm';
import { parseDbMinor } from '@tuzo/contracts';
import type { DbOrTx } from '../../db/client.ts';

/** The only place with deposit SQL. Money columns come back from `pg` as strings and are parsed to bigint. */
export type DepositMethod = 'stkpush' | 'flutterwave' | 'manual';
export type DepositStatusCode = 0 | 1 | 2;

export interface DepositRow {
  id: bigint;
  memberId: bigint;
  method: DepositMethod;
  status: DepositStatusCode;
  amountLocalMinor: bigint;
  currency: string;
  rateMicro: bigint;
  amountSystemMinor: bigint;
  phone: string | null;
  checkoutRequestId: string | null;
  txRef: string | null;
  paymentLink: string | null;
  providerRef: string | null;
  idempotencyKey: string | null;
  failureReason: string | null;
  createdAt: Date;
}

type RawDeposit = {
  id: string;
  member_id: string;
  method: DepositMethod;
  status: number;
  amount_local_minor: string;
  currency: string;
  rate_micro: string;
  amount_system_minor: string;
  phone: string | null;
  checkout_request_id: string | null;
  tx_ref: string | null;
  payment_link: string | null;
  provider_ref: string | null;
  idempotency_key: string | null;
  failure_reason: string | null;
  created_at: Date;
};

const COLUMNS = sql.raw(`id, member_id, method, status, amount_local_minor, currency, rate_micro, amount_system_minor, phone,
  checkout_request_id, tx_ref, payment_link, provider_ref, idempotency_key, failure_reason, created_at`);

function toDeposit(row: RawDeposit): DepositRow {
  return {
    id: BigInt(row.id),
    memberId: BigInt(row.member_id),
    method: row.method,
    status: row.status as DepositStatusCode,
    amountLocalMinor: parseDbMinor(row.amount_local_minor),
    currency: row.currency,
    rateMicro: parseDbMinor(row.rate_micro),
    amountSystemMinor: parseDbMinor(row.amount_system_minor),
    phone: row.phone,
    checkoutRequestId: row.checkout_request_id,
    txRef: row.tx_ref,
    paymentLink: row.payment_link,
    providerRef: row.provider_ref,
    idempotencyKey: row.idempotency_key,
    failureReason: row.failure_reason,
    createdAt: new Date(row.created_at),
  };
}

export interface NewDeposit {
  memberId: bigint;
  method: DepositMethod;
  amountLocalMinor: bigint;
  currency: string;
  rateMicro: bigint;
  amountSystemMinor: bigint;
  phone: string | null;
  txRef?: string | null;
  providerRef?: string | null;
  idempotencyKey: string | null;
  /** The app clock's instant (never the database's `now()`: the sweeps compare it with the app clock). */
  createdAt: Date;
}

/** Inserts a pending deposit; null when the idempotency key already exists (the caller loads the first one). */
export async function insertDeposit(db: DbOrTx, d: NewDeposit): Promise<DepositRow | null> {
  const result = await db.execute<RawDeposit>(sql`
    INSERT INTO deposits (member_id, method, amount_local_minor, currency, rate_micro, amount_system_minor, phone, tx_ref, provider_ref, idempotency_key, created_at)
    VALUES (${d.memberId}, ${d.method}, ${d.amountLocalMinor}, ${d.currency}, ${d.rateMicro}, ${d.amountSystemMinor}, ${d.phone},
            ${d.txRef ?? null}, ${d.providerRef ?? null}, ${d.idempotencyKey}, ${d.createdAt})
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING ${COLUMNS}`);
  const row = result.rows[0];
  return row ? toDeposit(row) : null;
}

async function selectOne(db: DbOrTx, where: ReturnType<typeof sql>, lock = false): Promise<DepositRow | null> {
  const result = await db.execute<RawDeposit>(
    sql`SELECT ${COLUMNS} FROM deposits WHERE ${where} LIMIT 1 ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  const row = result.rows[0];
  return row ? toDeposit(row) : null;
}

export const lockDeposit = (db: DbOrTx, id: bigint) => selectOne(db, sql`id = ${id}`, true);
export const findDepositByKey = (db: DbOrTx, key: string) => selectOne(db, sql`idempotency_key = ${key}`);
export const findDepositByCheckout = (db: DbOrTx, checkoutRequestId: string) =>
  selectOne(db, sql`checkout_request_id = ${checkoutRequestId}`);
export const findDepositByTxRef = (db: DbOrTx, txRef: string) => selectOne(db, sql`tx_ref = ${txRef}`);
export const findManualDepositByCode = (db: DbOrTx, code: string) =>
  selectOne(db, sql`method = 'manual' AND provider_ref = ${code}`);

export async function setCheckoutIds(
  db: DbOrTx,
  id: bigint,
  ids: { checkoutRequestId: string; merchantRequestId: string },
): Promise<void> {
  await db.execute(sql`UPDATE deposits SET checkout_request_id = ${ids.checkoutRequestId}, merchant_request_id = ${ids.merchantRequestId}
                       WHERE id = ${id} AND checkout_request_id IS NULL`);
}

export async function setPaymentLink(db: DbOrTx, id: bigint, link: string): Promise<void> {
  await db.execute(sql`UPDATE deposits SET payment_link = ${link} WHERE id = ${id}`);
}

export async function updateDepositFailed(db: DbOrTx, id: bigint, reason: string): Promise<void> {
  await db.execute(sql`UPDATE deposits SET status = 1, failure_reason = ${reason.slice(0, 500)} WHERE id = ${id}`);
}

/** The amount actually paid, set on a pending deposit before it is credited. */
export async function updateDepositAmount(
  db: DbOrTx,
  id: bigint,
  amount: { amountLocalMinor: bigint; amountSystemMinor: bigint },
): Promise<void> {
  await db.execute(sql`UPDATE deposits SET amount_local_minor = ${amount.amountLocalMinor}, amount_system_minor = ${amount.amountSystemMinor}
                       WHERE id = ${id} AND status = 0`);
}

export async function updateDepositCompleted(
  db: DbOrTx,
  id: bigint,
  done: { providerRef: string | null; ledgerTransactionId: bigint; at: Date },
): Promise<void> {
  await db.execute(sql`UPDATE deposits SET status = 2, completed_at = ${done.at.toISOString()}::timestamptz, ledger_transaction_id = ${done.ledgerTransactionId},
                       provider_ref = COALESCE(${done.providerRef}, provider_ref), failure_reason = NULL WHERE id = ${id}`);
}

/**
 * Pushes we stopped waiting for (failed with a reason starting `timedOutPrefix`) that M-Pesa accepted, made after
 * `createdAfter` and not asked about since `checkedBefore`, oldest first.
 */
export async function selectTimedOutPushes(
  db: DbOrTx,
  input: { timedOutPrefix: string; createdAfter: Date; checkedBefore: Date; limit: number },
): Promise<DepositRow[]> {
  const result = await db.execute<RawDeposit>(sql`
    SELECT ${COLUMNS} FROM deposits
    WHERE method = 'stkpush' AND status = 1 AND failure_reason LIKE ${`${input.timedOutPrefix}%`}
      AND checkout_request_id IS NOT NULL AND created_at > ${input.createdAfter.toISOString()}
      AND (provider_checked_at IS NULL OR provider_checked_at < ${input.checkedBefore.toISOString()})
    ORDER BY created_at LIMIT ${input.limit}`);
  return result.rows.map(toDeposit);
}

export async function markProviderChecked(db: DbOrTx, id: bigint, at: Date): Promise<void> {
  await db.execute(sql`UPDATE deposits SET provider_checked_at = ${at.toISOString()} WHERE id = ${id}`);
}

/** STK pushes still pending and older than `before`, oldest first. */
export async function selectPendingPushes(db: DbOrTx, before: Date, limit: number): Promise<DepositRow[]> {
  const result = await db.execute<RawDeposit>(sql`
    SELECT ${COLUMNS} FROM deposits WHERE method = 'stkpush' AND status = 0 AND created_at < ${before.toISOString()}
    ORDER BY created_at LIMIT ${limit}`);
  return result.rows.map(toDeposit);
}

export async function selectMemberDeposits(db: DbOrTx, memberId: bigint, limit: number): Promise<DepositRow[]> {
  const result = await db.execute<RawDeposit>(sql`
    SELECT ${COLUMNS} FROM deposits WHERE member_id = ${memberId} ORDER BY created_at DESC, id DESC LIMIT ${limit}`);
  return result.rows.map(toDeposit);
}

/** The member's currency (a `MemberCurrency`) and what the providers need to know about them. */
export interface MemberPaymentProfile {
  username: string;
  email: string;
  phone: string;
  abbreviation: string;
  countryId: number;
  currency: string;
  rateMicro: bigint;
}

export async function selectMemberPaymentProfile(db: DbOrTx, memberId: bigint): Promise<MemberPaymentProfile | null> {
  const result = await db.execute<{
    username: string;
    email: string;
    phone: string;
    abbreviation: string;
    country_id: number;
    currency: string;
    rate_micro: string;
  }>(sql`
    SELECT m.username, m.email, m.phone, c.abbreviation, c.id AS country_id, c.currency, c.rate_micro
    FROM members m JOIN countries c ON c.id = m.country_id WHERE m.id = ${memberId}`);
  const row = result.rows[0];
  if (!row) return null;
  return {
    username: row.username,
    email: row.email,
    phone: row.phone,
    abbreviation: row.abbreviation,
    countryId: Number(row.country_id),
    currency: row.currency,
    rateMicro: parseDbMinor(row.rate_micro),
  };
}

/** The rate (local units per system unit, micro) of a currency: the first country using it. */
export async function selectRateForCurrency(db: DbOrTx, currency: string): Promise<bigint | null> {
  const result = await db.execute<{ rate_micro: string }>(
    sql`SELECT rate_micro FROM countries WHERE currency = ${currency} ORDER BY is_default DESC, id LIMIT 1`,
  );
  const row = result.rows[0];
  return row ? parseDbMinor(row.rate_micro) : null;
}
