import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/** `phone_changes` (migration 0490, decision 045): a member's phone change, pending on its SMS code or applied. */

export interface PendingPhoneChange {
  id: bigint;
  newPhone: string;
  oldPhone: string;
  codeHash: string;
  attempts: number;
  expiresAt: Date;
}

/** A new code replaces the member's older pending change: only the latest code works. */
export async function insertPendingChange(
  tx: DbOrTx,
  input: { memberId: bigint; oldPhone: string; newPhone: string; codeHash: string; at: Date; expiresAt: Date },
): Promise<bigint> {
  // Two requests at once take turns on the member's row, so the one-pending index never answers a 500.
  await tx.execute(sql`SELECT 1 FROM members WHERE id = ${input.memberId} FOR NO KEY UPDATE`);
  await tx.execute(sql`
    UPDATE phone_changes SET cancelled_at = ${input.at.toISOString()}::timestamptz
    WHERE member_id = ${input.memberId} AND source = 'member' AND applied_at IS NULL AND cancelled_at IS NULL`);
  const rows = await tx.execute<{ id: string }>(sql`
    INSERT INTO phone_changes (member_id, old_phone, new_phone, source, code_hash, created_at, expires_at)
    VALUES (${input.memberId}, ${input.oldPhone}, ${input.newPhone}, 'member', ${input.codeHash},
            ${input.at.toISOString()}::timestamptz, ${input.expiresAt.toISOString()}::timestamptz)
    RETURNING id::text`);
  return BigInt(rows.rows[0]!.id);
}

/** The member's pending change (not applied, not cancelled), locked; null when none. Expiry is the caller's check. */
export async function lockPendingChange(tx: DbOrTx, memberId: bigint): Promise<PendingPhoneChange | null> {
  const rows = await tx.execute<{
    id: string;
    new_phone: string;
    old_phone: string;
    code_hash: string;
    attempts: number;
    expires_at: string;
  }>(sql`
    SELECT id::text, new_phone, old_phone, code_hash, attempts, expires_at::text FROM phone_changes
    WHERE member_id = ${memberId} AND source = 'member' AND applied_at IS NULL AND cancelled_at IS NULL
    FOR UPDATE`);
  const row = rows.rows[0];
  if (!row) return null;
  return {
    id: BigInt(row.id),
    newPhone: row.new_phone,
    oldPhone: row.old_phone,
    codeHash: row.code_hash,
    attempts: row.attempts,
    expiresAt: new Date(row.expires_at),
  };
}

/** A wrong code: counted, and the change cancelled once the attempts are spent. */
export async function countWrongCode(tx: DbOrTx, input: { id: bigint; isLast: boolean; at: Date }): Promise<void> {
  await tx.execute(sql`
    UPDATE phone_changes SET attempts = attempts + 1,
      cancelled_at = CASE WHEN ${input.isLast} THEN ${input.at.toISOString()}::timestamptz ELSE cancelled_at END
    WHERE id = ${input.id}`);
}

export async function cancelChange(tx: DbOrTx, input: { id: bigint; at: Date }): Promise<void> {
  await tx.execute(sql`UPDATE phone_changes SET cancelled_at = ${input.at.toISOString()}::timestamptz WHERE id = ${input.id}`);
}

export async function markChangeApplied(tx: DbOrTx, input: { id: bigint; at: Date }): Promise<void> {
  await tx.execute(sql`UPDATE phone_changes SET applied_at = ${input.at.toISOString()}::timestamptz WHERE id = ${input.id}`);
}

/** An operator's change, applied when the second operator approves it (both named). */
export async function insertOperatorChange(
  tx: DbOrTx,
  input: { memberId: bigint; oldPhone: string; newPhone: string; staffIds: readonly bigint[]; at: Date },
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO phone_changes (member_id, old_phone, new_phone, source, created_at, applied_at, staff_ids)
    VALUES (${input.memberId}, ${input.oldPhone}, ${input.newPhone}, 'operator', ${input.at.toISOString()}::timestamptz,
            ${input.at.toISOString()}::timestamptz, ${`{${input.staffIds.map(String).join(',')}}`}::bigint[])`);
}

/** When the member's phone last changed (null when never), and the change waiting for its code. */
export async function selectPhoneChangeState(
  db: DbOrTx,
  memberId: bigint,
): Promise<{ lastAppliedAt: Date | null; pendingPhone: string | null; pendingExpiresAt: Date | null }> {
  const rows = await db.execute<{
    applied_at: string | null;
    pending_phone: string | null;
    pending_expires_at: string | null;
  }>(sql`
    SELECT (SELECT max(applied_at)::text FROM phone_changes WHERE member_id = ${memberId}) AS applied_at,
           p.new_phone AS pending_phone, p.expires_at::text AS pending_expires_at
    FROM (SELECT 1) one
    LEFT JOIN phone_changes p ON p.member_id = ${memberId} AND p.source = 'member' AND p.applied_at IS NULL
                             AND p.cancelled_at IS NULL`);
  const row = rows.rows[0];
  return {
    lastAppliedAt: row?.applied_at ? new Date(row.applied_at) : null,
    pendingPhone: row?.pending_phone ?? null,
    pendingExpiresAt: row?.pending_expires_at ? new Date(row.pending_expires_at) : null,
  };
}

/**
 * The member's phone as it stands, read inside a withdrawal's transaction (no lock: a phone change committing at the
 * same moment leaves the withdrawal with the phone it was asked with, which is the old, safe one).
 */
export async function selectMemberPhone(tx: DbOrTx, memberId: bigint): Promise<string | null> {
  const rows = await tx.execute<{ phone: string }>(sql`SELECT phone FROM members WHERE id = ${memberId}`);
  return rows.rows[0]?.phone ?? null;
}

/** The member's withdrawals still pending (their payouts go to the phone recorded at request). */
export async function selectPendingWithdrawalIds(tx: DbOrTx, memberId: bigint): Promise<{ id: bigint; payoutPhone: string }[]> {
  const rows = await tx.execute<{ id: string; payout_phone: string }>(sql`
    SELECT id::text, payout_phone FROM withdrawals WHERE member_id = ${memberId} AND status = 0 ORDER BY id`);
  return rows.rows.map((row) => ({ id: BigInt(row.id), payoutPhone: row.payout_phone }));
}

/** A closed account's phone changes, removed with its other tokens (the audit keeps the changes applied). */
export async function deletePhoneChanges(tx: DbOrTx, memberId: bigint): Promise<void> {
  await tx.execute(sql`DELETE FROM phone_changes WHERE member_id = ${memberId}`);
}
