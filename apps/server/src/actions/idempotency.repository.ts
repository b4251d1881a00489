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
  createdAt: Date;
}

/**
 * Claims a key inside the request's own transaction (decision 047): inserts a `running` row, or takes over a row past
 * the replay window. A concurrent request holding the same key (its insert not yet committed) makes this statement
 * wait for that transaction: when it commits, the key is taken (false, and its stored answer is there to read); when
 * it rolls back, this request owns the key. A `running` row can only be committed by a release before this one (the
 * claim used to commit before the action), so it is taken over too. True when this request now owns the key.
 */
export async function claimIdempotencyKey(
  db: DbOrTx,
  scope: IdempotencyScope,
  input: { requestHash: string; now: Date; expiredBefore: Date },
): Promise<boolean> {
  const result = await db.execute<{ claimed: boolean }>(sql`
    INSERT INTO api_idempotency (member_id, action, key, request_hash, state, created_at)
    VALUES (${scope.memberId.toString()}, ${scope.action}, ${scope.key}, ${input.requestHash}, 'running', ${input.now.toISOString()})
    ON CONFLICT (member_id, action, key) DO UPDATE
      SET request_hash = EXCLUDED.request_hash, state = 'running', status = NULL, answer = NULL, completed_at = NULL, created_at = EXCLUDED.created_at
      WHERE api_idempotency.created_at < ${input.expiredBefore.toISOString()} OR api_idempotency.state = 'running'
    RETURNING true AS claimed`);
  return result.rows.length > 0;
}

export async function selectIdempotencyRow(db: DbOrTx, scope: IdempotencyScope): Promise<IdempotencyRow | null> {
  const result = await db.execute<{
    request_hash: string;
    state: 'running' | 'done';
    status: number | null;
    answer: string | null;
    created_at: Date;
  }>(sql`
    SELECT request_hash, state, status, answer, created_at FROM api_idempotency
    WHERE member_id = ${scope.memberId.toString()} AND action = ${scope.action} AND key = ${scope.key}`);
  const row = result.rows[0];
  return row
    ? {
        requestHash: row.request_hash,
        state: row.state,
        status: row.status,
        answer: row.answer,
        createdAt: new Date(row.created_at),
      }
    : null;
}

/** Stores the answer of the request that owns the key, in its transaction. */
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

/**
 * Stores the answer of an action that calls a provider mid-request (it runs outside a transaction, its effects made
 * once by its own key): the first answer stored wins. True when this one was stored.
 */
export async function insertIdempotencyAnswer(
  db: DbOrTx,
  scope: IdempotencyScope,
  input: { requestHash: string; status: number; answer: string; now: Date; expiredBefore: Date },
): Promise<boolean> {
  const result = await db.execute(sql`
    INSERT INTO api_idempotency (member_id, action, key, request_hash, state, status, answer, created_at, completed_at)
    VALUES (${scope.memberId.toString()}, ${scope.action}, ${scope.key}, ${input.requestHash}, 'done', ${input.status},
            ${input.answer}, ${input.now.toISOString()}, ${input.now.toISOString()})
    ON CONFLICT (member_id, action, key) DO UPDATE
      SET request_hash = EXCLUDED.request_hash, state = 'done', status = EXCLUDED.status, answer = EXCLUDED.answer,
          created_at = EXCLUDED.created_at, completed_at = EXCLUDED.completed_at
      WHERE api_idempotency.created_at < ${input.expiredBefore.toISOString()} OR api_idempotency.state = 'running'
    RETURNING true AS stored`);
  return result.rows.length > 0;
}

/** Frees the key of a request that answered a failure without throwing; its own work stands. */
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
