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

export interface NewNotification extends Omit<NotificationRow, 'id' | 'claimedByDepositId'> {
  senderName: string | null;
  raw: unknown;
  /** `pending` when M-Pesa can be asked about it, `manual` when no provider API can confirm it. */
  verification: 'pending' | 'manual';
}

/** Stores a notification once per (source, trans_id); returns its id, or null for a repeat. */
export async function insertNotification(db: DbOrTx, n: NewNotification): Promise<bigint | null> {
  const result = await db.execute<{ id: string }>(sql`
    INSERT INTO payment_notifications (source, trans_id, amount_minor, currency, msisdn, sender_name, raw, verification)
    VALUES (${n.source}, ${n.transId}, ${n.amountMinor}, ${n.currency}, ${n.msisdn}, ${n.senderName},
            ${JSON.stringify(n.raw)}::jsonb, ${n.verification})
    ON CONFLICT (source, trans_id) DO NOTHING RETURNING id`);
  const row = result.rows[0];
  return row ? BigInt(row.id) : null;
}

/**
 * Every VERIFIED notification carrying this code, locked (claimed ones too, so "already used" is decided under the
 * lock). Only these may be matched for crediting, by the member's `recovercode` and by the review queue alike: a
 * notification M-Pesa has not confirmed (or refused) is invisible here (decision 020).
 */
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
    FROM payment_notifications WHERE trans_id = ${code} AND verification = 'verified' ORDER BY id FOR UPDATE`);
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

export type Verification = 'pending' | 'verified' | 'refused' | 'manual';

export interface UnverifiedRow extends Omit<NotificationRow, 'claimedByDepositId'> {
  verification: Exclude<Verification, 'verified'>;
  /** M-Pesa's amount when it reported a different one (a refused mismatch). */
  verifiedAmountMinor: bigint | null;
  waitingMemberId: bigint | null;
}

type UnverifiedDbRow = {
  id: string;
  source: string;
  trans_id: string;
  amount_minor: string;
  currency: string;
  msisdn: string | null;
  verification: UnverifiedRow['verification'];
  verified_amount_minor: string | null;
  waiting_member_id: string | null;
};

function toUnverified(row: UnverifiedDbRow): UnverifiedRow {
  return {
    id: BigInt(row.id),
    source: row.source,
    transId: row.trans_id,
    amountMinor: parseDbMinor(row.amount_minor),
    currency: row.currency,
    msisdn: row.msisdn,
    verification: row.verification,
    verifiedAmountMinor: row.verified_amount_minor === null ? null : parseDbMinor(row.verified_amount_minor),
    waitingMemberId: row.waiting_member_id === null ? null : BigInt(row.waiting_member_id),
  };
}

/** The notifications carrying this code that M-Pesa has not (or not yet) confirmed, locked. */
export async function lockUnverifiedByCode(db: DbOrTx, code: string): Promise<UnverifiedRow[]> {
  const result = await db.execute<UnverifiedDbRow>(sql`
    SELECT id, source, trans_id, amount_minor, currency, msisdn, verification, verified_amount_minor, waiting_member_id
    FROM payment_notifications WHERE trans_id = ${code} AND verification <> 'verified' ORDER BY id FOR UPDATE`);
  return result.rows.map(toUnverified);
}

/** A member's claim of a pending notification: it is credited to them once M-Pesa confirms it. */
export async function setWaitingMember(db: DbOrTx, id: bigint, memberId: bigint, at: Date): Promise<void> {
  await db.execute(sql`UPDATE payment_notifications SET waiting_member_id = ${memberId}, waiting_since = ${at.toISOString()}
                       WHERE id = ${id} AND waiting_member_id IS NULL`);
}

/** Pending notifications whose last query went out before `sentBefore` (or never), oldest first. */
export async function selectNotificationsToQuery(
  db: DbOrTx,
  input: { sentBefore: Date; limit: number },
): Promise<Array<{ id: bigint; transId: string }>> {
  const result = await db.execute<{ id: string; trans_id: string }>(sql`
    SELECT id, trans_id FROM payment_notifications
    WHERE verification = 'pending' AND (query_sent_at IS NULL OR query_sent_at < ${input.sentBefore.toISOString()})
    ORDER BY id LIMIT ${input.limit}`);
  return result.rows.map((row) => ({ id: BigInt(row.id), transId: row.trans_id }));
}

/** Records a status query that went out (conversationId null when M-Pesa did not accept it: asked again later). */
export async function markQuerySent(db: DbOrTx, id: bigint, input: { conversationId: string | null; at: Date }): Promise<void> {
  await db.execute(sql`UPDATE payment_notifications
    SET query_conversation_id = ${input.conversationId}, query_sent_at = ${input.at.toISOString()}, query_attempts = query_attempts + 1
    WHERE id = ${id} AND verification = 'pending'`);
}

/** The notification a status result answers (by the ConversationID of its latest query), locked. */
export async function lockNotificationByConversation(db: DbOrTx, conversationId: string): Promise<UnverifiedRow | null> {
  const result = await db.execute<UnverifiedDbRow>(sql`
    SELECT id, source, trans_id, amount_minor, currency, msisdn, verification, verified_amount_minor, waiting_member_id
    FROM payment_notifications WHERE query_conversation_id = ${conversationId} FOR UPDATE`);
  const row = result.rows[0];
  return row ? toUnverified(row) : null;
}

/** The final answer on a pending notification; a final one is never changed (the WHERE keeps it). */
export async function setVerification(
  db: DbOrTx,
  id: bigint,
  input: { verification: 'verified' | 'refused'; amountMinor: bigint | null; note: string | null; at: Date },
): Promise<void> {
  await db.execute(sql`UPDATE payment_notifications
    SET verification = ${input.verification}, verified_amount_minor = ${input.amountMinor},
        verification_note = ${input.note}, verified_at = ${input.at.toISOString()}
    WHERE id = ${id} AND verification = 'pending'`);
}

/** Forgets the latest query's ConversationID (M-Pesa could not answer it), so the sweep asks again. */
export async function clearQuery(db: DbOrTx, id: bigint): Promise<void> {
  await db.execute(
    sql`UPDATE payment_notifications SET query_conversation_id = NULL WHERE id = ${id} AND verification = 'pending'`,
  );
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
