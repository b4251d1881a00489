import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

export type ShowKind = 'youtube' | 'tiktok' | 'ads';

/** The member facts every task rule needs: country (currency), activation instant, reference data version. */
export async function selectTaskMember(db: DbOrTx, memberId: bigint) {
  const result = await db.execute<{ country_id: number; activated_at: string | null; reference_version: string }>(sql`
    SELECT m.country_id, m.activated_at, (SELECT version::text FROM reference_version WHERE id) AS reference_version
    FROM members m WHERE m.id = ${memberId}`);
  return result.rows[0] ?? null;
}

/**
 * The ids on show for the day, in their order, or null when the day has not been drawn yet. An item the operator
 * retired after the draw leaves the day's set at once (no longer listed, no longer paid).
 */
export async function selectDaySet(db: DbOrTx, input: { day: string; kind: ShowKind }): Promise<bigint[] | null> {
  const result = await db.execute<{ ids: string[] }>(sql`
    SELECT ARRAY(
             SELECT s.id::text FROM unnest(d.item_ids) WITH ORDINALITY AS s (id, n)
             WHERE CASE WHEN d.kind = 'ads' THEN EXISTS (SELECT 1 FROM ads a WHERE a.id = s.id AND a.active)
                        ELSE EXISTS (SELECT 1 FROM videos v WHERE v.id = s.id AND v.active) END
             ORDER BY s.n) AS ids
    FROM task_day_sets d WHERE d.day = ${input.day}::date AND d.kind = ${input.kind}`);
  const row = result.rows[0];
  return row ? row.ids.map((id) => BigInt(id)) : null;
}

/** Stores a draw unless another request stored one first (the primary key decides); returns the stored set. */
export async function insertDaySet(
  db: DbOrTx,
  input: { day: string; kind: ShowKind; ids: bigint[]; at: Date },
): Promise<bigint[]> {
  const ids = `{${input.ids.map((id) => id.toString()).join(',')}}`;
  await db.execute(sql`
    INSERT INTO task_day_sets (day, kind, item_ids, drawn_at) VALUES (${input.day}::date, ${input.kind}, ${ids}::bigint[], ${input.at})
    ON CONFLICT (day, kind) DO NOTHING`);
  return (await selectDaySet(db, input)) ?? input.ids;
}

/** Ids of the active items of a kind, at most 1000 (the draw picks a few of them). */
export async function selectActiveIds(db: DbOrTx, kind: ShowKind): Promise<bigint[]> {
  const result =
    kind === 'ads'
      ? await db.execute<{ id: string }>(sql`SELECT id::text AS id FROM ads WHERE active ORDER BY id LIMIT 1000`)
      : await db.execute<{ id: string }>(
          sql`SELECT id::text AS id FROM videos WHERE active AND task = ${kind} ORDER BY id LIMIT 1000`,
        );
  return result.rows.map((row) => BigInt(row.id));
}
