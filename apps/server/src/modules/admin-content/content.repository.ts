import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/** SQL of the operator's videos, ads, timetable rows and lessons (migrations 0130 and 0140). */

export type VideoRow = {
  id: string;
  task: 'youtube' | 'tiktok';
  source: 'youtube' | 'tiktok' | 'file';
  title: string;
  url: string;
  price_minor: string;
  active: boolean;
};
export type AdRow = {
  id: string;
  name: string;
  image_url: string;
  link: string | null;
  active: boolean;
};

const whereOf = (filters: SQL[]) => (filters.length === 0 ? sql`` : sql`WHERE ${sql.join(filters, sql` AND `)}`);
const activeFilter = (status: 'active' | 'retired' | undefined) =>
  status === undefined ? [] : [sql`active = ${status === 'active'}`];

export async function selectVideoPage(
  db: DbOrTx,
  input: { task?: string | undefined; status?: 'active' | 'retired' | undefined; limit: number; offset: number },
) {
  const where = whereOf([...activeFilter(input.status), ...(input.task ? [sql`task = ${input.task}`] : [])]);
  const rows = await db.execute<VideoRow>(sql`
    SELECT id::text, task, source, title, url, price_minor::text, active FROM videos ${where} ORDER BY videos.id DESC LIMIT ${input.limit} OFFSET ${input.offset}`);
  const total = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM videos ${where}`);
  return { rows: rows.rows, total: total.rows[0]?.n ?? 0 };
}

export async function selectVideoForUpdate(tx: DbOrTx, id: bigint): Promise<VideoRow | null> {
  const result = await tx.execute<VideoRow>(
    sql`SELECT id::text, task, source, title, url, price_minor::text, active FROM videos WHERE id = ${id} FOR UPDATE`,
  );
  return result.rows[0] ?? null;
}

export interface VideoValues {
  task: string;
  source: string;
  title: string;
  url: string;
  priceMinor: bigint;
  active: boolean;
}

export async function upsertVideo(tx: DbOrTx, id: bigint | null, v: VideoValues): Promise<VideoRow> {
  const result =
    id === null
      ? await tx.execute<VideoRow>(sql`
          INSERT INTO videos (task, source, title, url, price_minor, active) VALUES (${v.task}, ${v.source}, ${v.title}, ${v.url}, ${v.priceMinor}, ${v.active})
          RETURNING id::text, task, source, title, url, price_minor::text, active`)
      : await tx.execute<VideoRow>(sql`
          UPDATE videos SET task = ${v.task}, source = ${v.source}, title = ${v.title}, url = ${v.url}, price_minor = ${v.priceMinor}, active = ${v.active}
          WHERE id = ${id} RETURNING id::text, task, source, title, url, price_minor::text, active`);
  const row = result.rows[0];
  if (!row) throw new Error('The video write returned no row');
  return row;
}

export async function setVideoActive(tx: DbOrTx, id: bigint, active: boolean): Promise<VideoRow> {
  const result = await tx.execute<VideoRow>(
    sql`UPDATE videos SET active = ${active} WHERE id = ${id} RETURNING id::text, task, source, title, url, price_minor::text, active`,
  );
  const row = result.rows[0];
  if (!row) throw new Error('The video vanished while locked');
  return row;
}

export async function selectAdPage(
  db: DbOrTx,
  input: { status?: 'active' | 'retired' | undefined; limit: number; offset: number },
) {
  const where = whereOf(activeFilter(input.status));
  const rows = await db.execute<AdRow>(
    sql`SELECT id::text, name, image_url, link, active FROM ads ${where} ORDER BY ads.id DESC LIMIT ${input.limit} OFFSET ${input.offset}`,
  );
  const total = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ads ${where}`);
  return { rows: rows.rows, total: total.rows[0]?.n ?? 0 };
}

export async function selectAdForUpdate(tx: DbOrTx, id: bigint): Promise<AdRow | null> {
  const result = await tx.execute<AdRow>(
    sql`SELECT id::text, name, image_url, link, active FROM ads WHERE id = ${id} FOR UPDATE`,
  );
  return result.rows[0] ?? null;
}

export async function upsertAd(
  tx: DbOrTx,
  id: bigint | null,
  v: { name: string; imageUrl: string; link: string | null; active: boolean },
): Promise<AdRow> {
  const result =
    id === null
      ? await tx.execute<AdRow>(sql`
          INSERT INTO ads (name, image_url, link, active) VALUES (${v.name}, ${v.imageUrl}, ${v.link}, ${v.active}) RETURNING id::text, name, image_url, link, active`)
      : await tx.execute<AdRow>(sql`
          UPDATE ads SET name = ${v.name}, image_url = ${v.imageUrl}, link = ${v.link}, active = ${v.active} WHERE id = ${id}
          RETURNING id::text, name, image_url, link, active`);
  const row = result.rows[0];
  if (!row) throw new Error('The ad write returned no row');
  return row;
}

export async function setAdActive(tx: DbOrTx, id: bigint, active: boolean): Promise<AdRow> {
  const result = await tx.execute<AdRow>(
    sql`UPDATE ads SET active = ${active} WHERE id = ${id} RETURNING id::text, name, image_url, link, active`,
  );
  const row = result.rows[0];
  if (!row) throw new Error('The ad vanished while locked');
  return row;
}

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

export type LessonRow = {
  id: string;
  kind: 'forex' | 'crypto';
  part: number;
  title: string;
  summary: string;
  link: string | null;
  active: boolean;
};
const LESSON_COLUMNS = sql`id::text, kind, part, title, summary, link, active`;

export async function selectAllLessons(db: DbOrTx, kind: string | undefined): Promise<LessonRow[]> {
  const where = kind === undefined ? sql`` : sql`WHERE kind = ${kind}`;
  const result = await db.execute<LessonRow>(sql`SELECT ${LESSON_COLUMNS} FROM lessons ${where} ORDER BY kind, part LIMIT 500`);
  return result.rows;
}

export async function selectLessonForUpdate(tx: DbOrTx, id: bigint): Promise<LessonRow | null> {
  const result = await tx.execute<LessonRow>(sql`SELECT ${LESSON_COLUMNS} FROM lessons WHERE id = ${id} FOR UPDATE`);
  return result.rows[0] ?? null;
}

/** Writes a lesson; null when its kind and part belong to another lesson (the UNIQUE constraint). */
export async function upsertLesson(
  tx: DbOrTx,
  id: bigint | null,
  v: { kind: string; part: number; title: string; summary: string; link: string | null; active: boolean },
): Promise<LessonRow | null> {
  const result =
    id === null
      ? await tx.execute<LessonRow>(sql`
          INSERT INTO lessons (kind, part, title, summary, link, active) VALUES (${v.kind}, ${v.part}, ${v.title}, ${v.summary}, ${v.link}, ${v.active})
          ON CONFLICT (kind, part) DO NOTHING RETURNING ${LESSON_COLUMNS}`)
      : await tx
          .execute<LessonRow>(
            sql`
            UPDATE lessons SET kind = ${v.kind}, part = ${v.part}, title = ${v.title}, summary = ${v.summary}, link = ${v.link}, active = ${v.active}
            WHERE id = ${id} AND NOT EXISTS (SELECT 1 FROM lessons o WHERE o.kind = ${v.kind} AND o.part = ${v.part} AND o.id <> ${id})
            RETURNING ${LESSON_COLUMNS}`,
          )
          // Two operators moving different lessons onto one kind and part at once: the UNIQUE index refuses the second,
          // which is the same answer as the NOT EXISTS above (null: the caller reports a conflict, never a 500).
          .catch((error: unknown) => {
            if (isUniqueViolation(error)) return { rows: [] as LessonRow[] };
            throw error;
          });
  return result.rows[0] ?? null;
}

function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string }; code?: string }) ?? {};
  return cause.code === '23505' || cause.cause?.code === '23505';
}
