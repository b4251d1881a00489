import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';

export interface IdempotencyScope {
  memberId: bigint;
  action: string;
  key: string;
}

export interface IdempotencyRow {
  requestHash: string;
  state: 'running' | 'done';
  status: number | null;
  answer: string | null;
}

/**
 * Claims a key for a request: inserts a `running` row, or takes over a row that is past the replay window or a
 * `running` row left by a process that died (older than `staleBefore`). True when this request now owns the key.
 */
export async function claimIdempotencyKey(
  db: DbOrTx,
  scope: IdempotencyScope,
  input: { requestHash: string; now: Date; expiredBefore: Date; staleBefore: Date },
): Promise<boolean> {
  const result = await db.execute<{ claimed: boolean }>(sql`
    INSERT INTO api_idempotency (member_id, action, key, request_hash, state, created_at)
    VALUES (${scope.memberId.toString()}, ${scope.action}, ${scope.key}, ${input.requestHash}, 'running', ${input.now.toISOString()})
    ON CONFLICT (member_id, action, key) DO UPDATE
      SET request_hash = EXCLUDED.request_hash, state = 'running', status = NULL, answer = NULL, completed_at = NULL, created_at = EXCLUDED.created_at
      WHERE api_idempotency.created_at < ${input.expiredBefore.toISOString()}
         OR (api_idempotency.state = 'running' AND api_idempotency.created_at < ${input.staleBefore.toISOString()})
    RETURNING true AS claimed`);
  return result.rows.length > 0;
}

export async function selectIdempotencyRow(db: DbOrTx, scope: IdempotencyScope): Promise<IdempotencyRow | null> {
  const result = await db.execute<{
    request_hash: string;
    state: 'running' | 'done';
    status: number | null;
    answer: string | null;
  }>(sql`
    SELECT request_hash, state, status, answer FROM api_idempotency
    WHERE member_id = ${scope.memberId.toString()} AND action = ${scope.action} AND key = ${scope.key}`);
  const row = result.rows[0];
  return row ? { requestHash: row.request_hash, state: row.state, status: row.status, answer: row.answer } : null;
}

/** Stores the answer of the request that owns the key. */
export async function completeIdempotencyKey(
  db: DbOrTx,
  scope: IdempotencyScope,
  input: { requestHash: string; status: number; answer: string; now: Date },
): Promise<void> {
  await db.execute(sql`
    UPDATE api_idempotency SET state = 'done', status = ${input.status}, answer = ${input.answer}, completed_at = ${input.now.toISOString()}
    WHERE member_id = ${scope.memberId.toString()} AND action = ${scope.action} AND key = ${scope.key}
      AND state = 'running' AND request_hash = ${input.requestHash}`);
}

/** Frees the key of a request that failed, so the same key may be sent again. */
export async function releaseIdempotencyKey(db: DbOrTx, scope: IdempotencyScope, requestHash: string): Promise<void> {
  await db.execute(sql`
    DELETE FROM api_idempotency
    WHERE member_id = ${scope.memberId.toString()} AND action = ${scope.action} AND key = ${scope.key}
      AND state = 'running' AND request_hash = ${requestHash}`);
}

/** Removes up to `limit` rows past the replay window, oldest first. */
export async function deleteExpiredIdempotencyRows(db: DbOrTx, expiredBefore: Date, limit: number): Promise<number> {
  const result = await db.execute(sql`
    DELETE FROM api_idempotency WHERE ctid IN (
      SELECT ctid FROM api_idempotency WHERE created_at < ${expiredBefore.toISOString()} ORDER BY created_at LIMIT ${limit})`);
  return result.rowCount ?? 0;
}
