import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/**
 * The operator's catalogue of videos (migration 0130): the console's list, edits and retirements (through
 * admin-videos.service.ts). Owned here with the rest of the table's SQL.
 */

export type VideoCatalogueRow = {
  id: string;
  task: 'youtube' | 'tiktok';
  source: 'youtube' | 'tiktok' | 'file';
  title: string;
  url: string;
  price_minor: string;
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
  const rows = await db.execute<VideoCatalogueRow>(sql`
    SELECT id::text, task, source, title, url, price_minor::text, active FROM videos ${where} ORDER BY videos.id DESC LIMIT ${input.limit} OFFSET ${input.offset}`);
  const total = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM videos ${where}`);
  return { rows: rows.rows, total: total.rows[0]?.n ?? 0 };
}

export async function selectVideoForUpdate(tx: DbOrTx, id: bigint): Promise<VideoCatalogueRow | null> {
  const result = await tx.execute<VideoCatalogueRow>(
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

export async function upsertVideo(tx: DbOrTx, id: bigint | null, v: VideoValues): Promise<VideoCatalogueRow> {
  const result =
    id === null
      ? await tx.execute<VideoCatalogueRow>(sql`
          INSERT INTO videos (task, source, title, url, price_minor, active) VALUES (${v.task}, ${v.source}, ${v.title}, ${v.url}, ${v.priceMinor}, ${v.active})
          RETURNING id::text, task, source, title, url, price_minor::text, active`)
      : await tx.execute<VideoCatalogueRow>(sql`
          UPDATE videos SET task = ${v.task}, source = ${v.source}, title = ${v.title}, url = ${v.url}, price_minor = ${v.priceMinor}, active = ${v.active}
          WHERE id = ${id} RETURNING id::text, task, source, title, url, price_minor::text, active`);
  const row = result.rows[0];
  if (!row) throw new Error('The video write returned no row');
  return row;
}

export async function setVideoActive(tx: DbOrTx, id: bigint, active: boolean): Promise<VideoCatalogueRow> {
  const result = await tx.execute<VideoCatalogueRow>(
    sql`UPDATE videos SET active = ${active} WHERE id = ${id} RETURNING id::text, task, source, title, url, price_minor::text, active`,
  );
  const row = result.rows[0];
  if (!row) throw new Error('The video vanished while locked');
  return row;
}
