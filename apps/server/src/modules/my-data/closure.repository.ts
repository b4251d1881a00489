import { and, asc, count, desc, eq, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accountClosures, members } from '../../db/schema.ts';

/** `account_closures` (decision 040): one open request per member (a partial unique index), then cancelled or completed. */

export type ClosureRow = typeof accountClosures.$inferSelect;
export interface ClosureListRow extends ClosureRow {
  username: string;
  completedByName: string | null;
}

export async function insertClosure(db: DbOrTx, input: { memberId: bigint; at: Date; dueAt: Date }): Promise<ClosureRow | null> {
  const rows = await db
    .insert(accountClosures)
    .values({ memberId: input.memberId, requestedAt: input.at, dueAt: input.dueAt })
    .onConflictDoNothing()
    .returning();
  return rows[0] ?? null;
}

/** The member's open request, or their latest one; null when they never asked. */
export async function selectLatestClosure(db: DbOrTx, memberId: bigint): Promise<ClosureRow | null> {
  const rows = await db
    .select()
    .from(accountClosures)
    .where(eq(accountClosures.memberId, memberId))
    .orderBy(sql`${accountClosures.state} = 'requested' DESC`, desc(accountClosures.id))
    .limit(1);
  return rows[0] ?? null;
}

export async function lockClosure(db: DbOrTx, id: bigint): Promise<ClosureRow | null> {
  const rows = await db.select().from(accountClosures).where(eq(accountClosures.id, id)).for('update');
  return rows[0] ?? null;
}

export async function lockOpenClosureOf(db: DbOrTx, memberId: bigint): Promise<ClosureRow | null> {
  const rows = await db
    .select()
    .from(accountClosures)
    .where(and(eq(accountClosures.memberId, memberId), eq(accountClosures.state, 'requested')))
    .for('update');
  return rows[0] ?? null;
}

export async function decideClosure(
  db: DbOrTx,
  input: { id: bigint; state: 'cancelled' | 'completed'; at: Date; completedBy: bigint | null },
): Promise<ClosureRow> {
  const rows = await db
    .update(accountClosures)
    .set({ state: input.state, decidedAt: input.at, completedBy: input.completedBy })
    .where(eq(accountClosures.id, input.id))
    .returning();
  return rows[0]!;
}

/** Open requests due at `at` or before, oldest first (the sweep). */
export async function selectDueClosures(db: DbOrTx, input: { at: Date; limit: number }): Promise<bigint[]> {
  const rows = await db
    .select({ id: accountClosures.id })
    .from(accountClosures)
    .where(and(eq(accountClosures.state, 'requested'), lte(accountClosures.dueAt, input.at)))
    .orderBy(asc(accountClosures.dueAt))
    .limit(input.limit);
  return rows.map((row) => row.id);
}

/** The console's queue: open requests first, soonest due first; then the decided ones, newest first. */
export async function selectClosurePage(
  db: DbOrTx,
  input: { state?: ClosureRow['state']; id?: bigint; offset: number; limit: number },
): Promise<{ rows: ClosureListRow[]; total: number }> {
  const where = and(
    input.state ? eq(accountClosures.state, input.state) : undefined,
    input.id !== undefined ? eq(accountClosures.id, input.id) : undefined,
  );
  const staff = sql`(SELECT s.username FROM members s WHERE s.id = ${accountClosures.completedBy})`;
  const rows = await db
    .select({ closure: accountClosures, username: members.username, completedByName: sql<string | null>`${staff}` })
    .from(accountClosures)
    .innerJoin(members, eq(members.id, accountClosures.memberId))
    .where(where)
    .orderBy(
      sql`${accountClosures.state} = 'requested' DESC`,
      sql`CASE WHEN ${accountClosures.state} = 'requested' THEN ${accountClosures.dueAt} END ASC`,
      desc(accountClosures.id),
    )
    .offset(input.offset)
    .limit(input.limit);
  const [counted] = await db.select({ n: count() }).from(accountClosures).where(where);
  return {
    rows: rows.map((row) => ({ ...row.closure, username: row.username, completedByName: row.completedByName })),
    total: counted?.n ?? 0,
  };
}
