import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

export interface AdRow {
  id: bigint;
  name: string;
  imageUrl: string;
  link: string | null;
  liked: boolean | null;
  message: string | null;
  paidMinor: bigint;
}

/** The ads with these ids and this member's response and earnings of `day`. */
export async function selectAdsForMember(db: DbOrTx, input: { ids: bigint[]; memberId: bigint; day: string }): Promise<AdRow[]> {
  if (input.ids.length === 0) return [];
  const ids = `{${input.ids.join(',')}}`;
  const result = await db.execute<{
    id: string;
    name: string;
    image_url: string;
    link: string | null;
    liked: boolean | null;
    message: string | null;
    paid: string;
  }>(sql`
    SELECT a.id::text AS id, a.name, a.image_url, a.link, r.liked, r.message,
           (SELECT COALESCE(SUM(p.amount_minor), 0)::text FROM ad_payments p WHERE p.member_id = ${input.memberId} AND p.ad_id = a.id AND p.day = ${input.day}::date) AS paid
    FROM ads a
    LEFT JOIN ad_responses r ON r.member_id = ${input.memberId} AND r.ad_id = a.id AND r.day = ${input.day}::date
    WHERE a.id = ANY(${ids}::bigint[])`);
  return result.rows.map((row) => ({
    id: BigInt(row.id),
    name: row.name,
    imageUrl: row.image_url,
    link: row.link,
    liked: row.liked,
    message: row.message,
    paidMinor: BigInt(row.paid),
  }));
}

export async function countAds(db: DbOrTx): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ads`);
  return result.rows[0]?.n ?? 0;
}

export async function insertAd(db: DbOrTx, input: { name: string; imageUrl: string; link: string | null }): Promise<void> {
  await db.execute(sql`INSERT INTO ads (name, image_url, link) VALUES (${input.name}, ${input.imageUrl}, ${input.link})`);
}
