import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/**
 * The operator's catalogue of timetable rows (migration 0140): the console's list, edits and retirements (through
 * admin-timetable.service.ts). Owned here with the rest of the table's SQL.
 */

export type TimetableRow = {
  id: number;
  name: string;
  dates: string[];
  sort_order: number;
  active: boolean;
};
const TIMETABLE_COLUMNS = sql`aid AS id, aname AS name, adate AS dates, sort_order, active`;

/** Every timetable row (the operator's list is short: the member page shows at most 100). */
export async function selectAllTimetable(db: DbOrTx): Promise<TimetableRow[]> {
  const result = await db.execute<TimetableRow>(
    sql`SELECT ${TIMETABLE_COLUMNS} FROM timetable_tasks ORDER BY sort_order, aid LIMIT 500`,
  );
  return result.rows;
}

export async function selectTimetableForUpdate(tx: DbOrTx, id: number): Promise<TimetableRow | null> {
  const result = await tx.execute<TimetableRow>(
    sql`SELECT ${TIMETABLE_COLUMNS} FROM timetable_tasks WHERE aid = ${id} FOR UPDATE`,
  );
  return result.rows[0] ?? null;
}

export async function upsertTimetable(
  tx: DbOrTx,
  id: number | null,
  v: { name: string; dates: string[]; sortOrder: number; active: boolean },
): Promise<TimetableRow> {
  const dates = JSON.stringify(v.dates);
  const result =
    id === null
      ? await tx.execute<TimetableRow>(sql`
          INSERT INTO timetable_tasks (aname, adate, sort_order, active) VALUES (${v.name}, ${dates}::jsonb, ${v.sortOrder}, ${v.active}) RETURNING ${TIMETABLE_COLUMNS}`)
      : await tx.execute<TimetableRow>(sql`
          UPDATE timetable_tasks SET aname = ${v.name}, adate = ${dates}::jsonb, sort_order = ${v.sortOrder}, active = ${v.active} WHERE aid = ${id} RETURNING ${TIMETABLE_COLUMNS}`);
  const row = result.rows[0];
  if (!row) throw new Error('The timetable write returned no row');
  return row;
}

export async function deleteTimetable(tx: DbOrTx, id: number): Promise<void> {
  await tx.execute(sql`DELETE FROM timetable_tasks WHERE aid = ${id}`);
}
