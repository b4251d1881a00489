import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/** The operator's active timetable rows in their order, at most 100. */
export async function selectTimetable(db: DbOrTx) {
  const result = await db.execute<{ aid: number; aname: string; adate: string }>(sql`
    SELECT aid, aname, adate::text AS adate FROM timetable_tasks WHERE active ORDER BY sort_order, aid LIMIT 100`);
  return result.rows;
}

export async function countTimetable(db: DbOrTx): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM timetable_tasks`);
  return result.rows[0]?.n ?? 0;
}

export async function insertTimetableRow(
  db: DbOrTx,
  input: { aname: string; dates: string[]; sortOrder: number },
): Promise<void> {
  await db.execute(
    sql`INSERT INTO timetable_tasks (aname, adate, sort_order) VALUES (${input.aname}, ${JSON.stringify(input.dates)}::jsonb, ${input.sortOrder})`,
  );
}
