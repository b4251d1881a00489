import { sql } from 'drizzle-orm';
import type { PayoutFlagKind } from '@tuzo/contracts';
import type { DbOrTx } from '../../db/client.ts';

/** The payout-risk module's own table, `payout_risk_flags`: raising, reading and clearing flags. */

export interface NewFlag {
  kind: PayoutFlagKind;
  reason: string;
  detail: Record<string, unknown>;
  /** The staff whose action raised the flag (decision 044): none of them may clear it. */
  raisedBy?: readonly bigint[];
}

/** Records flags on a withdrawal; a kind already raised on it is left as it is. */
export async function insertFlags(
  tx: DbOrTx,
  input: { withdrawalId: bigint; memberId: bigint; flags: readonly NewFlag[]; at: Date },
): Promise<void> {
  for (const flag of input.flags) {
    await tx.execute(sql`
      INSERT INTO payout_risk_flags (withdrawal_id, member_id, kind, reason, detail, raised_at, raised_by)
      VALUES (${input.withdrawalId}, ${input.memberId}, ${flag.kind}, ${flag.reason}, ${JSON.stringify(flag.detail)}::jsonb,
              ${input.at.toISOString()}::timestamptz, ${`{${(flag.raisedBy ?? []).map(String).join(',')}}`}::bigint[])
      ON CONFLICT (withdrawal_id, kind) DO NOTHING`);
  }
}

export type OpenFlag = {
  id: string;
  kind: PayoutFlagKind;
  reason: string;
};

export async function selectOpenFlags(db: DbOrTx, withdrawalId: bigint): Promise<OpenFlag[]> {
  const rows = await db.execute<OpenFlag>(sql`
    SELECT id::text, kind, reason FROM payout_risk_flags
    WHERE withdrawal_id = ${withdrawalId} AND cleared_at IS NULL ORDER BY id`);
  return rows.rows;
}

export type LockedFlag = {
  id: string;
  withdrawal_id: string;
  member_id: string;
  kind: PayoutFlagKind;
  reason: string;
  cleared_at: string | null;
  raised_by: string[];
};

export async function lockFlag(tx: DbOrTx, id: bigint): Promise<LockedFlag | null> {
  const rows = await tx.execute<LockedFlag>(sql`
    SELECT id::text, withdrawal_id::text, member_id::text, kind, reason, cleared_at::text, raised_by::text[] AS raised_by
    FROM payout_risk_flags WHERE id = ${id} FOR UPDATE`);
  return rows.rows[0] ?? null;
}

export async function markFlagCleared(
  tx: DbOrTx,
  input: { id: bigint; operatorId: bigint; note: string; at: Date },
): Promise<void> {
  await tx.execute(sql`
    UPDATE payout_risk_flags SET cleared_at = ${input.at.toISOString()}::timestamptz, cleared_by = ${input.operatorId},
      note = ${input.note}
    WHERE id = ${input.id} AND cleared_at IS NULL`);
}

/**
 * Serialises auto-pay approvals of one member until the transaction ends (an advisory lock, no row), so two of the
 * member's withdrawals approved at once cannot both pass the day's `max_per_day` count.
 */
export async function lockMemberAutoPay(tx: DbOrTx, memberId: bigint): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`payout-auto-pay:${memberId}`}, 0))`);
}

/** Clears the open `cluster` flags on the members' pending withdrawals (a cluster's decision); answers them. */
export async function markClusterFlagsCleared(
  tx: DbOrTx,
  input: { memberIds: readonly bigint[]; operatorId: bigint; note: string; at: Date },
): Promise<Array<{ id: string; withdrawal_id: string }>> {
  if (input.memberIds.length === 0) return [];
  const ids = `{${input.memberIds.map(String).join(',')}}`;
  const rows = await tx.execute<{ id: string; withdrawal_id: string }>(sql`
    UPDATE payout_risk_flags f SET cleared_at = ${input.at.toISOString()}::timestamptz, cleared_by = ${input.operatorId},
      note = ${input.note}
    FROM withdrawals w
    WHERE w.id = f.withdrawal_id AND w.status = 0 AND f.kind = 'cluster' AND f.cleared_at IS NULL
      AND f.member_id = ANY (${ids}::bigint[])
    RETURNING f.id::text AS id, f.withdrawal_id::text AS withdrawal_id`);
  return rows.rows;
}
