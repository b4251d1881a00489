import { parseDbMinor, type HoldState } from '@tuzo/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/** The clusters module's table `commission_holds` (decision 062): held commissions and their one decision each. */

export interface HoldRow {
  id: bigint;
  clusterId: bigint;
  memberId: bigint;
  fromMemberId: bigint;
  level: number;
  amountMinor: bigint;
  transactionId: bigint;
  state: HoldState;
  heldAt: Date;
  decidedAt: Date | null;
  settleTransactionId: bigint | null;
}

type RawHold = {
  id: string;
  cluster_id: string;
  member_id: string;
  from_member_id: string;
  level: number;
  amount_minor: string;
  transaction_id: string;
  state: HoldState;
  held_at: string | Date;
  decided_at: string | Date | null;
  settle_transaction_id: string | null;
};

const HOLD_COLUMNS = sql`h.id::text AS id, h.cluster_id::text AS cluster_id, h.member_id::text AS member_id,
  h.from_member_id::text AS from_member_id, h.level, h.amount_minor::text AS amount_minor,
  h.transaction_id::text AS transaction_id, h.state, h.held_at, h.decided_at, h.settle_transaction_id::text AS settle_transaction_id`;

function toHold(row: RawHold): HoldRow {
  return {
    id: BigInt(row.id),
    clusterId: BigInt(row.cluster_id),
    memberId: BigInt(row.member_id),
    fromMemberId: BigInt(row.from_member_id),
    level: Number(row.level),
    amountMinor: parseDbMinor(row.amount_minor),
    transactionId: BigInt(row.transaction_id),
    state: row.state,
    heldAt: new Date(row.held_at),
    decidedAt: row.decided_at === null ? null : new Date(row.decided_at),
    settleTransactionId: row.settle_transaction_id === null ? null : BigInt(row.settle_transaction_id),
  };
}

/** Records a hold for a commission transaction; a replay of the same transaction keeps the first row. */
export async function insertHold(
  tx: DbOrTx,
  input: {
    clusterId: bigint;
    memberId: bigint;
    fromMemberId: bigint;
    level: number;
    amountMinor: bigint;
    transactionId: bigint;
    at: Date;
  },
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO commission_holds (cluster_id, member_id, from_member_id, level, amount_minor, transaction_id, held_at)
    VALUES (${input.clusterId}, ${input.memberId}, ${input.fromMemberId}, ${input.level}, ${input.amountMinor},
            ${input.transactionId}, ${input.at.toISOString()}::timestamptz)
    ON CONFLICT (transaction_id) DO NOTHING`);
}

/**
 * The holds of a cluster's members (an upline and the member who paid it are in the same cluster for good: members
 * never leave one, a merged cluster's members move to the survivor), oldest first; `lock` takes them FOR UPDATE.
 */
export async function selectClusterHolds(
  db: DbOrTx,
  input: { clusterId: bigint; state?: HoldState; lock?: boolean },
): Promise<HoldRow[]> {
  const state = input.state === undefined ? sql`` : sql`AND h.state = ${input.state}`;
  const lock = input.lock ? sql`FOR UPDATE OF h` : sql``;
  const rows = await db.execute<RawHold>(sql`
    SELECT ${HOLD_COLUMNS} FROM commission_holds h
    JOIN fraud_cluster_members cm ON cm.member_id = h.member_id AND cm.cluster_id = ${input.clusterId}
    WHERE true ${state} ORDER BY h.id ${lock}`);
  return rows.rows.map(toHold);
}

/** One query for a member's holds (newest first, at most 100) or a commission transaction's hold (locked). */
async function selectHoldsBy(db: DbOrTx, by: { memberId: bigint } | { transactionId: bigint; lock: true }): Promise<HoldRow[]> {
  const tail =
    'memberId' in by
      ? sql`h.member_id = ${by.memberId} ORDER BY h.held_at DESC, h.id DESC LIMIT 100`
      : sql`h.transaction_id = ${by.transactionId} FOR UPDATE`;
  const rows = await db.execute<RawHold>(sql`SELECT ${HOLD_COLUMNS} FROM commission_holds h WHERE ${tail}`);
  return rows.rows.map(toHold);
}

/** A member's holds, newest first (at most 100). */
export async function selectMemberHolds(db: DbOrTx, memberId: bigint): Promise<HoldRow[]> {
  return selectHoldsBy(db, { memberId });
}

/** The hold of a commission transaction, locked, or null when the commission was paid normally. */
export async function lockHoldOfTransaction(tx: DbOrTx, transactionId: bigint): Promise<HoldRow | null> {
  const [row] = await selectHoldsBy(tx, { transactionId, lock: true });
  return row ?? null;
}

/** held -> released | reversed, or released -> reversed (its commission taken back by a deactivation); once each. */
export async function markHoldDecided(
  tx: DbOrTx,
  input: { id: bigint; state: 'released' | 'reversed'; settleTransactionId: bigint | null; at: Date },
): Promise<void> {
  await tx.execute(sql`
    UPDATE commission_holds SET state = ${input.state}, decided_at = ${input.at.toISOString()}::timestamptz,
      settle_transaction_id = COALESCE(${input.settleTransactionId}, settle_transaction_id)
    WHERE id = ${input.id} AND state <> 'reversed' AND state <> ${input.state}`);
}
