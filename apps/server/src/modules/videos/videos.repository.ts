import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

export type VideoTask = 'youtube' | 'tiktok';

export interface VideoRow {
  id: bigint;
  source: 'youtube' | 'tiktok' | 'file';
  title: string;
  url: string;
  priceMinor: bigint;
  isPaidToday: boolean;
}

/** The videos with these ids (in any order) with whether this member was paid for each on `day`. */
export async function selectVideosForMember(
  db: DbOrTx,
  input: { ids: bigint[]; memberId: bigint; day: string },
): Promise<VideoRow[]> {
  if (input.ids.length === 0) return [];
  const ids = `{${input.ids.join(',')}}`;
  const result = await db.execute<{
    id: string;
    source: VideoRow['source'];
    title: string;
    url: string;
    price_minor: string;
    paid: boolean;
  }>(sql`
    SELECT v.id::text AS id, v.source, v.title, v.url, v.price_minor::text AS price_minor,
           EXISTS (SELECT 1 FROM video_payments p WHERE p.member_id = ${input.memberId} AND p.video_id = v.id AND p.day = ${input.day}::date) AS paid
    FROM videos v WHERE v.id = ANY(${ids}::bigint[])`);
  return result.rows.map((row) => ({
    id: BigInt(row.id),
    source: row.source,
    title: row.title,
    url: row.url,
    priceMinor: BigInt(row.price_minor),
    isPaidToday: row.paid,
  }));
}

/**
 * Makes this video the member's one running watch and returns when it started. Starting the video that is already
 * running on `day` keeps its start; starting any other video replaces the watch (one statement, so two racing
 * starts leave exactly one), which ends the previous video's timer.
 */
export async function startVideoWatch(
  db: DbOrTx,
  input: { memberId: bigint; videoId: bigint; day: string; at: Date },
): Promise<Date> {
  const result = await db.execute<{ started_at: string }>(sql`
    WITH started AS (
      INSERT INTO video_watches AS w (member_id, video_id, day, started_at) VALUES (${input.memberId}, ${input.videoId}, ${input.day}::date, ${input.at})
      ON CONFLICT (member_id) DO UPDATE SET video_id = EXCLUDED.video_id, day = EXCLUDED.day, started_at = EXCLUDED.started_at
        WHERE w.video_id <> EXCLUDED.video_id OR w.day <> EXCLUDED.day
      RETURNING started_at)
    SELECT started_at FROM started
    UNION ALL
    SELECT started_at FROM video_watches WHERE member_id = ${input.memberId} AND video_id = ${input.videoId} AND day = ${input.day}::date
    LIMIT 1`);
  const row = result.rows[0];
  return row ? new Date(row.started_at) : input.at;
}

export async function selectVideoTask(db: DbOrTx, videoId: bigint): Promise<VideoTask | null> {
  const result = await db.execute<{ task: VideoTask }>(sql`SELECT task FROM videos WHERE id = ${videoId}`);
  return result.rows[0]?.task ?? null;
}

export async function countVideos(db: DbOrTx): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM videos`);
  return result.rows[0]?.n ?? 0;
}

export async function insertVideo(
  db: DbOrTx,
  input: { task: VideoTask; source: 'youtube' | 'tiktok' | 'file'; title: string; url: string; priceMinor: bigint },
): Promise<void> {
  await db.execute(
    sql`INSERT INTO videos (task, source, title, url, price_minor) VALUES (${input.task}, ${input.source}, ${input.title}, ${input.url}, ${input.priceMinor})`,
  );
}
