import type { TimetableTask } from '@tuzo/contracts';
import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { countTimetable, insertTimetableRow, selectTimetable } from './timetable.repository.ts';

/** `tasks`: the operator's timetable rows; `adate` is the JSON text of the row's dates list, as the spec has it. */
export async function listTimetable(deps: AppDeps): Promise<TimetableTask[]> {
  return selectTimetable(deps.db);
}

/** Demo rows written by us: the task days as the schedules' defaults state them, and a weekly live session. */
const DEMO_ROWS = [
  { aname: 'YouTube Promotion', dates: ['Wednesday', 'Sunday'] },
  { aname: 'TikTok Promotion', dates: ['Sunday', 'Monday'] },
  { aname: 'Ads Promotion', dates: ['Sunday', 'Monday'] },
  { aname: 'Trivia', dates: ['Daily'] },
  { aname: 'Live Q&A with the Tuzo team', dates: ['Friday'] },
] as const;

/** Seeds the demo timetable when the table is empty (inside the caller's locked transaction). */
export async function seedDemoTimetable(tx: DbOrTx): Promise<number> {
  if ((await countTimetable(tx)) > 0) return 0;
  for (const [index, row] of DEMO_ROWS.entries())
    await insertTimetableRow(tx, { aname: row.aname, dates: [...row.dates], sortOrder: index + 1 });
  return DEMO_ROWS.length;
}
