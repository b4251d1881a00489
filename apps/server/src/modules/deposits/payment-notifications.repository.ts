import { sql } from 'drizzle-orm';
import { parseDbMinor } from '@tuzo/contracts';
import type { DbOrTx } from '../../db/client.ts';

/** SQL of payment notifications (C2B, SMS) and of the manual-code review queue. */
export interface NotificationRow {
  id: bigint;
  source: string;
  transId: string;
  amountMinor: bigint;
  currency: string;
  msisdn: string | null;
  claimedByDepositId: bigint | null;
}

export interface NewNotification {
  source: string;
  transId: string;
  amountMinor: bigint;
  currency: string;
  msisdn: string | null;
  senderName: string | null;
  raw: unknown;
}

/** Stores a notification once per (source, trans_id); returns false for a repeat. */
export async function insertNotification(db: DbOrTx, n: NewNotification): Promise<boolean> {
  const result = await db.execute<{ id: string }>(sql`
    INSERT INTO payment_notifications (source, trans_id, amount_minor, currency, msisdn, sender_name, raw)
    VALUES (${n.source}, ${n.transId}, ${n.amountMinor}, ${n.currency}, ${n.msisdn}, ${n.senderName}, ${JSON.stringify(n.raw)}::jsonb)
    ON CONFLICT (source, trans_id) DO NOTHING RETURNING id`);
  return result.rows.length > 0;
}

/** Every notification carrying this code, locked (claimed ones too, so "already used" is decided under the lock). */
export async function lockNotificationsByCode(db: DbOrTx, code: string): Promise<NotificationRow[]> {
  const result = await db.execute<{
    id: string;
    source: string;
    trans_id: string;
    amount_minor: string;
    currency: string;
    msisdn: string | null;
    claimed_by_deposit_id: string | null;
  }>(sql`
    SELECT id, source, trans_id, amount_minor, currency, msisdn, claimed_by_deposit_id
    FROM payment_notifications WHERE trans_id = ${code} ORDER BY id FOR UPDATE`);
  return result.rows.map((row) => ({
    id: BigInt(row.id),
    source: row.source,
    transId: row.trans_id,
    amountMinor: parseDbMinor(row.amount_minor),
    currency: row.currency,
    msisdn: row.msisdn,
    claimedByDepositId: row.claimed_by_deposit_id === null ? null : BigInt(row.claimed_by_deposit_id),
  }));
}

export async function claimNotification(db: DbOrTx, id: bigint, depositId: bigint): Promise<void> {
  await db.execute(sql`UPDATE payment_notifications SET claimed_by_deposit_id = ${depositId}, claimed_at = now()
                       WHERE id = ${id} AND claimed_by_deposit_id IS NULL`);
}

export interface CodeReviewRow {
  id: bigint;
  memberId: bigint;
  code: string;
  status: 'pending' | 'credited' | 'rejected';
}

/** Queues a code for review; a member's repeat of a pending code changes nothing. */
export async function insertCodeReview(db: DbOrTx, memberId: bigint, code: string): Promise<void> {
  await db.execute(sql`INSERT INTO code_reviews (member_id, code) VALUES (${memberId}, ${code})
                       ON CONFLICT (member_id, code) WHERE status = 'pending' DO NOTHING`);
}

export async function countPendingReviews(db: DbOrTx, memberId: bigint): Promise<number> {
  const result = await db.execute<{ n: string }>(
    sql`SELECT count(*) AS n FROM code_reviews WHERE member_id = ${memberId} AND status = 'pending'`,
  );
  return Number(result.rows[0]?.n ?? 0);
}

export async function hasPendingReview(db: DbOrTx, memberId: bigint, code: string): Promise<boolean> {
  const result = await db.execute(
    sql`SELECT 1 FROM code_reviews WHERE member_id = ${memberId} AND code = ${code} AND status = 'pending'`,
  );
  return result.rows.length > 0;
}

export async function lockCodeReview(db: DbOrTx, id: bigint): Promise<CodeReviewRow | null> {
  const result = await db.execute<{ id: string; member_id: string; code: string; status: CodeReviewRow['status'] }>(sql`
    SELECT id, member_id, code, status FROM code_reviews WHERE id = ${id} FOR UPDATE`);
  const row = result.rows[0];
  return row ? { id: BigInt(row.id), memberId: BigInt(row.member_id), code: row.code, status: row.status } : null;
}

export async function resolveCodeReview(
  db: DbOrTx,
  id: bigint,
  r: {
    status: 'credited' | 'rejected';
    operatorId: bigint;
    note: string;
    amountMinor: bigint | null;
    currency: string | null;
    depositId: bigint | null;
  },
): Promise<void> {
  await db.execute(sql`
    UPDATE code_reviews SET status = ${r.status}, resolved_by = ${r.operatorId}, resolved_at = now(), note = ${r.note},
      amount_minor = ${r.amountMinor}, currency = ${r.currency}, deposit_id = ${r.depositId}
    WHERE id = ${id} AND status = 'pending'`);
}
