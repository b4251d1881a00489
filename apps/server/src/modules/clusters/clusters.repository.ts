import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/** The clusters module's tables `cluster_review_requests` and `cluster_decisions` (decision 062). */

/** A member's open review request in a cluster, if any. */
export async function selectOpenReview(
  db: DbOrTx,
  input: { clusterId: bigint; memberId: bigint },
): Promise<{ id: string; requested_at: Date | string } | null> {
  const rows = await db.execute<{ id: string; requested_at: Date | string }>(sql`
    SELECT id::text AS id, requested_at FROM cluster_review_requests
    WHERE cluster_id = ${input.clusterId} AND member_id = ${input.memberId} AND closed_at IS NULL`);
  return rows.rows[0] ?? null;
}

/** Stores a review request; null when the member already has one open in this cluster (the unique index). */
export async function insertReview(
  tx: DbOrTx,
  input: { clusterId: bigint; memberId: bigint; message: string; at: Date },
): Promise<bigint | null> {
  const rows = await tx.execute<{ id: string }>(sql`
    INSERT INTO cluster_review_requests (cluster_id, member_id, message, requested_at)
    VALUES (${input.clusterId}, ${input.memberId}, ${input.message}, ${input.at.toISOString()}::timestamptz)
    ON CONFLICT (cluster_id, member_id) WHERE closed_at IS NULL DO NOTHING
    RETURNING id::text AS id`);
  const row = rows.rows[0];
  return row ? BigInt(row.id) : null;
}

/** A decision closes every open review request of the cluster's members. */
export async function closeReviews(tx: DbOrTx, input: { memberIds: readonly bigint[]; at: Date }): Promise<void> {
  if (input.memberIds.length === 0) return;
  await tx.execute(sql`
    UPDATE cluster_review_requests SET closed_at = ${input.at.toISOString()}::timestamptz
    WHERE closed_at IS NULL AND member_id = ANY (${`{${input.memberIds.map(String).join(',')}}`}::bigint[])`);
}

export async function insertDecision(
  tx: DbOrTx,
  input: {
    clusterId: bigint;
    decision: 'clear' | 'confirm';
    note: string;
    requestedBy: bigint;
    decidedBy: bigint;
    approvalId: bigint | null;
    released: number;
    reversed: number;
    suspended: number;
    at: Date;
  },
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO cluster_decisions (cluster_id, decision, note, requested_by, decided_by, approval_id, released, reversed,
                                   suspended, decided_at)
    VALUES (${input.clusterId}, ${input.decision}, ${input.note}, ${input.requestedBy}, ${input.decidedBy}, ${input.approvalId},
            ${input.released}, ${input.reversed}, ${input.suspended}, ${input.at.toISOString()}::timestamptz)`);
}

/** Locks the cluster row for a decision (two operators deciding at once take turns); null when absent or merged. */
export async function lockCluster(tx: DbOrTx, id: bigint): Promise<{ state: string; mergedInto: string | null } | null> {
  const rows = await tx.execute<{ state: string; merged_into: string | null }>(sql`
    SELECT state, merged_into::text AS merged_into FROM fraud_clusters WHERE id = ${id} FOR UPDATE`);
  const row = rows.rows[0];
  return row ? { state: row.state, mergedInto: row.merged_into } : null;
}

/** The accounts of a cluster with their status, role and house flag, locked for a suspension, by id. */
export async function selectMemberStatuses(
  tx: DbOrTx,
  ids: readonly bigint[],
): Promise<Array<{ id: bigint; status: string; role: string; isHouse: boolean }>> {
  if (ids.length === 0) return [];
  const rows = await tx.execute<{ id: string; status: string; role: string; is_house: boolean }>(sql`
    SELECT id::text AS id, status, role, is_house FROM members
    WHERE id = ANY (${`{${ids.map(String).join(',')}}`}::bigint[]) ORDER BY id FOR UPDATE`);
  return rows.rows.map((row) => ({ id: BigInt(row.id), status: row.status, role: row.role, isHouse: row.is_house }));
}
