import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

export interface CounterState {
  /** Hits in the current window, this one included. */
  hits: number;
  /** When the current window closes and the count starts again from zero. */
  expiresAt: Date;
}

/**
 * Counts one hit on `key` and returns the window's count, in one statement. A window opens with the key's first hit
 * and lasts `windowMs`; the first hit after it closes opens a new one. Concurrent hits on one key queue on its row
 * lock, so every caller sees a distinct count even across processes.
 */
export async function countHit(db: DbOrTx, input: { key: string; windowMs: number; now: Date }): Promise<CounterState> {
  const opensAt = input.now.toISOString();
  const closesAt = new Date(input.now.getTime() + input.windowMs).toISOString();
  const result = await db.execute<{ hits: number; expires_at: Date | string }>(sql`
    INSERT INTO rate_limit_counters AS c (key, hits, expires_at)
    VALUES (${input.key}, 1, ${closesAt}::timestamptz)
    ON CONFLICT (key) DO UPDATE SET
      hits       = CASE WHEN c.expires_at <= ${opensAt}::timestamptz THEN 1 ELSE c.hits + 1 END,
      expires_at = CASE WHEN c.expires_at <= ${opensAt}::timestamptz THEN excluded.expires_at ELSE c.expires_at END
    RETURNING hits, expires_at`);
  const row = result.rows[0];
  if (!row) throw new Error('rate_limit_counters upsert returned no row');
  return { hits: Number(row.hits), expiresAt: new Date(row.expires_at) };
}

/** Forgets a key's count (a successful login clears the account's failures). */
export async function deleteCounter(db: DbOrTx, key: string): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limit_counters WHERE key = ${key}`);
}

/**
 * Takes one hit back from a key's open window (a sign-in that turned out right is not a failure). A count of one
 * goes away with its row; the CHECK keeps hits above zero.
 */
export async function uncountHit(db: DbOrTx, key: string): Promise<void> {
  await db.execute(sql`
    WITH taken AS (UPDATE rate_limit_counters SET hits = hits - 1 WHERE key = ${key} AND hits > 1 RETURNING key)
    DELETE FROM rate_limit_counters WHERE key = ${key} AND hits = 1 AND NOT EXISTS (SELECT 1 FROM taken)`);
}

/**
 * Deletes up to `limit` rows whose window closed before `before`, oldest first. Rows another statement holds are
 * skipped (never waited for), so pruning cannot deadlock with counting.
 */
export async function deleteExpiredCounters(db: DbOrTx, input: { before: Date; limit: number }): Promise<number> {
  const result = await db.execute(sql`
    DELETE FROM rate_limit_counters WHERE key IN (
      SELECT key FROM rate_limit_counters
      WHERE expires_at < ${input.before.toISOString()}::timestamptz
      ORDER BY expires_at
      LIMIT ${input.limit}
      FOR UPDATE SKIP LOCKED)`);
  return result.rowCount ?? 0;
}
