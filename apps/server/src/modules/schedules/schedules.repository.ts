import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { TaskKind } from './schedules.service.ts';

/** The weekdays (0 Sunday .. 6 Saturday) a task kind runs on; null when the kind has no row. */
export async function selectTaskWeekdays(db: DbOrTx, kind: TaskKind): Promise<number[] | null> {
  const result = await db.execute<{ weekdays: number[] }>(sql`SELECT weekdays FROM task_schedules WHERE kind = ${kind}`);
  return result.rows[0]?.weekdays ?? null;
}

export async function selectTaskSchedules(db: DbOrTx): Promise<{ kind: string; weekdays: number[] }[]> {
  const result = await db.execute<{ kind: string; weekdays: number[] }>(
    sql`SELECT kind, weekdays FROM task_schedules ORDER BY kind`,
  );
  return result.rows;
}

export async function lockTaskSchedule(db: DbOrTx, kind: string): Promise<number[] | null> {
  const result = await db.execute<{ weekdays: number[] }>(
    sql`SELECT weekdays FROM task_schedules WHERE kind = ${kind} FOR UPDATE`,
  );
  return result.rows[0]?.weekdays ?? null;
}

export async function updateTaskSchedule(db: DbOrTx, input: { kind: string; weekdays: number[]; at: Date }): Promise<void> {
  await db.execute(
    sql`UPDATE task_schedules SET weekdays = ${`{${input.weekdays.join(',')}}`}::smallint[], updated_at = ${input.at} WHERE kind = ${input.kind}`,
  );
}
