import { createHash } from 'node:crypto';
import type { Notification } from '@tuzo/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.ts';
import type { AppDeps } from '../lib/deps.ts';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  deleteExpiredIdempotencyRows,
  releaseIdempotencyKey,
  selectIdempotencyRow,
  type IdempotencyScope,
} from './idempotency.repository.ts';

/**
 * `Idempotency-Key` for the actions that opt in (`idempotent: true`), built once for all of them
 * (docs/decisions/023-bad-input-and-replays.md):
 * - the key belongs to the caller and the action; the request is its payload (without the key), hashed canonically;
 * - the first request claims the key (`api_idempotency`, one row, PRIMARY KEY (member, action, key)), runs, and on
 *   success stores its answer: a repeat answers that answer again, same HTTP status and body, and runs nothing;
 * - the same key with a different payload is 409 CONFLICT;
 * - a repeat while the first is still running waits for it in the same process (so concurrent identical requests
 *   get equal answers) and is 409 CONFLICT from another process;
 * - a failed request (any 4xx or 5xx) frees the key, so the member can fix the cause and send the same request again.
 * The ledger's own keys (recordMovement) stay as they are underneath.
 */

/** How long an answer is replayed. */
export const REPLAY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** A `running` claim older than this was left by a process that stopped mid-request; a new request may take it. */
export const STALE_CLAIM_MS = 2 * 60 * 1000;
const CLEANUP_EVERY_MS = 60 * 1000;
const CLEANUP_BATCH = 500;

export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,100}$/;

/** The answer a caller got: what the envelope is made of. */
export interface StoredAnswer {
  status: number;
  msg: string;
  data: unknown;
  info: Notification[];
}

/** The `Idempotency-Key` header, else `idempotency_key` in the payload; null without one. */
export function readIdempotencyKey(request: FastifyRequest, payload: unknown): string | null {
  const header = request.headers['idempotency-key'];
  const fromPayload =
    typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>).idempotency_key : undefined;
  const key = typeof header === 'string' ? header : typeof fromPayload === 'string' ? fromPayload : null;
  if (key === null) return null;
  if (!IDEMPOTENCY_KEY_PATTERN.test(key))
    throw new AppError('BAD_REQUEST', 'The idempotency key must be 8 to 100 letters, digits or -_.:');
  return key;
}

/** JSON with object keys sorted at every level, so the same content always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([key, item]) => key !== 'idempotency_key' && item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function requestHashOf(payload: unknown): string {
  return createHash('sha256').update(canonical(payload)).digest('hex');
}

const DIFFERENT_REQUEST = 'This Idempotency-Key was already used for a different request; use a new key for a new request';
const STILL_RUNNING = 'A request with this Idempotency-Key is still being processed; try again in a moment';

interface InFlight {
  requestHash: string;
  answer: Promise<StoredAnswer>;
}

/** One per app: the requests of this process that hold a key right now, and when expired rows were last removed. */
export function createIdempotencyLayer(deps: AppDeps) {
  const inFlight = new Map<string, InFlight>();
  let lastCleanup = 0;

  const removeExpired = async (now: Date) => {
    if (now.getTime() - lastCleanup < CLEANUP_EVERY_MS) return;
    lastCleanup = now.getTime();
    await deleteExpiredIdempotencyRows(deps.db, new Date(now.getTime() - REPLAY_WINDOW_MS), CLEANUP_BATCH).catch(
      (error: unknown) => {
        deps.log.warn({ err: error }, 'could not remove expired idempotency rows');
      },
    );
  };

  const runFirst = async (
    scope: IdempotencyScope,
    requestHash: string,
    execute: () => Promise<StoredAnswer>,
  ): Promise<StoredAnswer> => {
    const now = deps.clock.now();
    const claimed = await claimIdempotencyKey(deps.db, scope, {
      requestHash,
      now,
      expiredBefore: new Date(now.getTime() - REPLAY_WINDOW_MS),
      staleBefore: new Date(now.getTime() - STALE_CLAIM_MS),
    });
    if (!claimed) return answerOfEarlier(scope, requestHash);
    let answer: StoredAnswer;
    try {
      answer = await execute();
    } catch (error) {
      await releaseIdempotencyKey(deps.db, scope, requestHash);
      throw error;
    }
    if (answer.status < 200 || answer.status > 299) {
      await releaseIdempotencyKey(deps.db, scope, requestHash);
      return answer;
    }
    try {
      await completeIdempotencyKey(deps.db, scope, {
        requestHash,
        status: answer.status,
        answer: JSON.stringify(answer),
        now: deps.clock.now(),
      });
    } catch (error) {
      // The work is done; the caller gets its answer. Until the claim goes stale a repeat is told to wait.
      deps.log.error({ err: error, action: scope.action }, 'could not store the answer of an idempotent request');
    }
    void removeExpired(now);
    return answer;
  };

  const answerOfEarlier = async (scope: IdempotencyScope, requestHash: string): Promise<StoredAnswer> => {
    const row = await selectIdempotencyRow(deps.db, scope);
    if (!row) throw new AppError('CONFLICT', STILL_RUNNING);
    if (row.requestHash !== requestHash) throw new AppError('CONFLICT', DIFFERENT_REQUEST);
    if (row.state !== 'done' || row.answer === null) throw new AppError('CONFLICT', STILL_RUNNING);
    return JSON.parse(row.answer) as StoredAnswer;
  };

  return {
    /**
     * Runs `execute` once per (member, action, key): the first request runs it, a repeat gets the first answer.
     * `execute` answers a success; a thrown error (AppError or not) is the request's failure and frees the key.
     */
    async run(scope: IdempotencyScope, payload: unknown, execute: () => Promise<StoredAnswer>): Promise<StoredAnswer> {
      const requestHash = requestHashOf(payload);
      const id = `${scope.memberId}:${scope.action}:${scope.key}`;
      const running = inFlight.get(id);
      if (running) {
        if (running.requestHash !== requestHash) throw new AppError('CONFLICT', DIFFERENT_REQUEST);
        return running.answer;
      }
      // Registered before the first await, so a concurrent repeat in this process always finds it.
      const answer = runFirst(scope, requestHash, execute);
      inFlight.set(id, { requestHash, answer });
      try {
        return await answer;
      } finally {
        inFlight.delete(id);
      }
    },
  };
}

export type IdempotencyLayer = ReturnType<typeof createIdempotencyLayer>;
