import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/**
 * The operator's catalogue of ads (migration 0130): the console's list, edits and retirements (through
 * admin-ads.service.ts). Owned here with the rest of the table's SQL.
 */

export type AdCatalogueRow = {
  id: string;
  name: string;
  image_url: string;
  link: string | null;
  active: boolean;
};

const whereOf = (filters: SQL[]) => (filters.length === 0 ? sql`` : sql`WHERE ${sql.join(filters, sql` AND `)}`);
const activeFilter = (status: 'active' | 'retired' | undefined) =>
  status === undefined ? [] : [sql`active = ${status === 'active'}`];

export async function selectAdPage(
  db: DbOrTx,
  input: { status?: 'active' | 'retired' | undefined; limit: number; offset: number },
) {
  const where = whereOf(activeFilter(input.status));
  const rows = await db.execute<AdCatalogueRow>(
    sql`SELECT id::text, name, image_url, link, active FROM ads ${where} ORDER BY ads.id DESC LIMIT ${input.limit} OFFSET ${input.offset}`,
  );
  const total = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ads ${where}`);
  return { rows: rows.rows, total: total.rows[0]?.n ?? 0 };
}

export async function selectAdForUpdate(tx: DbOrTx, id: bigint): Promise<AdCatalogueRow | null> {
  const result = await tx.execute<AdCatalogueRow>(
    sql`SELECT id::text, name, image_url, link, active FROM ads WHERE id = ${id} FOR UPDATE`,
  );
  return result.rows[0] ?? null;
}

export async function upsertAd(
  tx: DbOrTx,
  id: bigint | null,
  v: { name: string; imageUrl: string; link: string | null; active: boolean },
): Promise<AdCatalogueRow> {
  const result =
    id === null
      ? await tx.execute<AdCatalogueRow>(sql`
          INSERT INTO ads (name, image_url, link, active) VALUES (${v.name}, ${v.imageUrl}, ${v.link}, ${v.active}) RETURNING id::text, name, image_url, link, active`)
      : await tx.execute<AdCatalogueRow>(sql`
          UPDATE ads SET name = ${v.name}, image_url = ${v.imageUrl}, link = ${v.link}, active = ${v.active} WHERE id = ${id}
          RETURNING id::text, name, image_url, link, active`);
  const row = result.rows[0];
  if (!row) throw new Error('The ad write returned no row');
  return row;
}

export async function setAdActive(tx: DbOrTx, id: bigint, active: boolean): Promise<AdCatalogueRow> {
  const result = await tx.execute<AdCatalogueRow>(
    sql`UPDATE ads SET active = ${active} WHERE id = ${id} RETURNING id::text, name, image_url, link, active`,
  );
  const row = result.rows[0];
  if (!row) throw new Error('The ad vanished while locked');
  return row;
}
