import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/** The SQL of an upline change: the cycle check, the members whose chain shifts, and the shift itself. */

/** True when `candidateId` is somewhere below `memberId` (any depth, following each member's sponsor). */
export async function isInDownline(db: DbOrTx, input: { memberId: bigint; candidateId: bigint }): Promise<boolean> {
  const result = await db.execute(sql`
    WITH RECURSIVE below (id) AS (
      SELECT id FROM members WHERE l1_id = ${input.memberId}
      UNION
      SELECT m.id FROM members m JOIN below b ON m.l1_id = b.id
    )
    SELECT 1 FROM below WHERE id = ${input.candidateId} LIMIT 1`);
  return result.rows.length > 0;
}

/**
 * The active members whose upline chain changes when `memberId` moves: the member, their level-1 members (levels 2
 * and 3 change) and their level-2 members (level 3 changes), in id order (the order their rows are locked in).
 */
export async function selectShiftedActiveMembers(db: DbOrTx, memberId: bigint): Promise<bigint[]> {
  const result = await db.execute<{ id: string }>(sql`
    SELECT id::text AS id FROM members
    WHERE status = 'active' AND (id = ${memberId} OR l1_id = ${memberId} OR l2_id = ${memberId})
    ORDER BY id`);
  return result.rows.map((row) => BigInt(row.id));
}

export async function countShiftedMembers(db: DbOrTx, memberId: bigint): Promise<number> {
  const result = await db.execute<{ n: string }>(
    sql`SELECT count(*)::text AS n FROM members WHERE l1_id = ${memberId} OR l2_id = ${memberId}`,
  );
  return Number(result.rows[0]?.n ?? 0);
}
