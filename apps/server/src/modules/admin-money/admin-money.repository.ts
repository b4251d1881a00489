import { sql, type SQL } from 'drizzle-orm';
import type { AdminDepositsFilter, AdminWithdrawalsFilter } from '@tuzo/contracts';
import type { DbOrTx } from '../../db/client.ts';

/** The only place with the money screens' SQL (withdrawal queue, deposits, stuck pushes, the code review queue). */

export type WithdrawalQueueRow = {
  id: string;
  username: string;
  phone: string;
  member_phone: string;
  wallet: string;
  amount_local_minor: string;
  fee_local_minor: string;
  currency: string;
  amount_system_minor: string;
  fee_system_minor: string;
  status: number;
  created_at: Date;
  decided_at: Date | null;
  /** The deciding operator's username (the queue) and id (`adminwithdrawals`). */
  decided_by: string | null;
  decided_by_id: string | null;
};

export const WITHDRAWAL_FROM = sql`withdrawals w JOIN members m ON m.id = w.member_id LEFT JOIN members d ON d.id = w.decided_by`;
// `phone` is where the payout goes: the phone recorded when the member asked (decision 045), not their phone now.
export const WITHDRAWAL_COLUMNS = sql`w.id::text AS id, m.username, w.payout_phone AS phone, m.phone AS member_phone, w.wallet, w.amount_local_minor::text AS amount_local_minor,
  w.fee_local_minor::text AS fee_local_minor, w.currency, w.amount_system_minor::text AS amount_system_minor,
  w.fee_system_minor::text AS fee_system_minor, w.status, w.created_at, w.decided_at, d.username AS decided_by,
  w.decided_by::text AS decided_by_id`;

export function withdrawalFilterSql(filter: AdminWithdrawalsFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (filter.status !== undefined) parts.push(sql`w.status = ${Number(filter.status)}`);
  if (filter.username) parts.push(sql`lower(m.username) = ${filter.username.toLowerCase()}`);
  if (filter.wallet) parts.push(sql`w.wallet = ${filter.wallet}`);
  if (filter.from) parts.push(sql`w.created_at >= ${filter.from}::date`);
  if (filter.to) parts.push(sql`w.created_at < ${filter.to}::date + 1`);
  return sql.join(parts, sql` AND `);
}

export async function selectWithdrawalQueue(
  db: DbOrTx,
  input: { filter: AdminWithdrawalsFilter; offset: number; limit: number },
) {
  const where = withdrawalFilterSql(input.filter);
  const rows = await db.execute<WithdrawalQueueRow>(sql`
    SELECT ${WITHDRAWAL_COLUMNS} FROM ${WITHDRAWAL_FROM} WHERE ${where}
    ORDER BY w.created_at DESC, w.id DESC OFFSET ${input.offset} LIMIT ${input.limit}`);
  const counted = await db.execute<{ n: string }>(sql`
    SELECT count(*)::text AS n FROM withdrawals w JOIN members m ON m.id = w.member_id WHERE ${where}`);
  return { rows: rows.rows, total: Number(counted.rows[0]?.n ?? 0) };
}

export type DepositListRow = {
  id: string;
  username: string;
  method: 'stkpush' | 'flutterwave' | 'manual';
  status: number;
  amount_local_minor: string;
  currency: string;
  amount_system_minor: string;
  provider_ref: string | null;
  failure_reason: string | null;
  created_at: Date;
};

export const DEPOSIT_FROM = sql`deposits x JOIN members m ON m.id = x.member_id`;
export const DEPOSIT_COLUMNS = sql`x.id::text AS id, m.username, x.method, x.status, x.amount_local_minor::text AS amount_local_minor,
  x.currency, x.amount_system_minor::text AS amount_system_minor, x.provider_ref, x.failure_reason, x.created_at`;

/** `stuck`: pending and older than `stuckBefore` (the provider's answer never came). */
export function depositFilterSql(filter: AdminDepositsFilter, stuckBefore: Date): SQL {
  const parts: SQL[] = [sql`true`];
  if (filter.status !== undefined) parts.push(sql`x.status = ${Number(filter.status)}`);
  if (filter.method) parts.push(sql`x.method = ${filter.method}`);
  if (filter.username) parts.push(sql`lower(m.username) = ${filter.username.toLowerCase()}`);
  if (filter.stuck) parts.push(sql`x.status = 0 AND x.created_at < ${stuckBefore.toISOString()}::timestamptz`);
  return sql.join(parts, sql` AND `);
}

export async function selectDepositsPage(
  db: DbOrTx,
  input: { filter: AdminDepositsFilter; stuckBefore: Date; offset: number; limit: number },
) {
  const where = depositFilterSql(input.filter, input.stuckBefore);
  const rows = await db.execute<DepositListRow>(sql`
    SELECT ${DEPOSIT_COLUMNS} FROM ${DEPOSIT_FROM} WHERE ${where}
    ORDER BY x.created_at DESC, x.id DESC OFFSET ${input.offset} LIMIT ${input.limit}`);
  const counted = await db.execute<{ n: string }>(sql`SELECT count(*)::text AS n FROM ${DEPOSIT_FROM} WHERE ${where}`);
  return { rows: rows.rows, total: Number(counted.rows[0]?.n ?? 0) };
}

export async function selectDepositState(db: DbOrTx, id: bigint) {
  const result = await db.execute<{ id: string; member_id: string; status: number; method: string }>(
    sql`SELECT id::text AS id, member_id::text AS member_id, status, method FROM deposits WHERE id = ${id}`,
  );
  return result.rows[0] ?? null;
}

/**
 * Pending manual deposit codes (the deposits module's `code_reviews` queue), oldest first, with the member and the
 * currency they pay in. Read-only: deciding goes through the deposits module's `creditManualCode`.
 */
export async function selectPendingCodeReviews(db: DbOrTx, input: { offset: number; limit: number }) {
  const rows = await db.execute<{
    id: string;
    username: string;
    phone: string;
    code: string;
    currency: string;
    created_at: Date | string;
  }>(sql`
    SELECT r.id::text AS id, m.username, m.phone, r.code, c.currency, r.created_at
    FROM code_reviews r
    JOIN members m ON m.id = r.member_id
    JOIN countries c ON c.id = m.country_id
    WHERE r.status = 'pending'
    ORDER BY r.created_at, r.id
    OFFSET ${input.offset} LIMIT ${input.limit}`);
  const total = await db.execute<{ n: string }>(sql`SELECT count(*)::text AS n FROM code_reviews WHERE status = 'pending'`);
  return { rows: rows.rows, total: Number(total.rows[0]?.n ?? 0) };
}
