import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { TaskKind } from './schedules.service.ts';

/** The weekdays (0 Sunday .. 6 Saturday) a task kind runs on; null when the kind has no row. */
export async function selectTaskWeekdays(db: DbOrTx, kind: TaskKind): Promise<number[] | null> {
  const result = await db.execute<{ weekdays: number[] }>(sql`SELECT weekdays FROM task_schedules WHERE kind = ${kind}`);
  return result.rows[0]?.weekdays ?? null;
}
