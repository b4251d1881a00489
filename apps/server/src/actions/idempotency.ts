import type { Notification } from '@tuzo/contracts';
import { AppError } from '../lib/errors.ts';
import type { AppDeps } from '../lib/deps.ts';
import type { Db } from '../db/client.ts';
import type { AfterCommitTask } from '../lib/after-commit.ts';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  deleteExpiredIdempotencyRows,
  insertIdempotencyAnswer,
  releaseIdempotencyKey,
  selectIdempotencyRow,
  type IdempotencyRow,
  type IdempotencyScope,
} from './idempotency.repository.ts';
import { requestHashOf } from './idempotency-key.ts';

export { IDEMPOTENCY_KEY_PATTERN, readIdempotencyKey, requestHashOf } from './idempotency-key.ts';

/**
 * `Idempotency-Key` for the actions that opt in (`idempotent: true`), built once for all of them
 * (docs/decisions/023-bad-input-and-replays.md, 047-exactly-once-and-review-fixes.md):
 * - the key belongs to the caller and the action; the request is its payload (without the key), hashed canonically;
 * - the claim, the action's effects and its stored answer commit in one transaction: the request's transaction opens,
 *   claims the key (`api_idempotency`, PRIMARY KEY (member, action, key), INSERT ... ON CONFLICT), runs the handler on
 *   deps whose `db` is that transaction (the services' own transactions become savepoints of it), stores a 2xx answer
 *   and commits; work that must not hold the transaction (a payout sent to a provider) is deferred until after the
 *   commit (`deps.commit`, lib/after-commit.ts). A process killed at any point leaves the key either answered (the
 *   commit happened) or free (it did not): a replay gets the first answer or runs the request, at once;
 * - a repeat while the first is still running waits for it: in the same process on its promise, from another process
 *   on the key's row lock, then answers the stored answer;
 * - the same key with a different payload is 409 CONFLICT;
 * - a failed request (thrown: any 4xx or 5xx) rolls back with its claim, so the member can fix the cause and send
 *   the same request again;
 * - an action that calls a provider mid-request (`callsProviderInRequest`: STK push, payment links) is not held in a
 *   transaction while the provider answers: its effects are made once by its own key (the deposit's client key) and
 *   its first 2xx answer is stored after it ran.
 * The ledger's own keys (recordMovement) stay as they are underneath.
 */

/** How long an answer is replayed. */
export const REPLAY_WINDOW_MS = 24 * 60 * 60 * 1000;
const CLEANUP_EVERY_MS = 60 * 1000;
const CLEANUP_BATCH = 500;

/** The answer a caller got: what the envelope is made of. */
export interface StoredAnswer {
  status: number;
  msg: string;
  data: unknown;
  info: Notification[];
}

const DIFFERENT_REQUEST = 'This Idempotency-Key was already used for a different request; use a new key for a new request';

interface InFlight {
  requestHash: string;
  answer: Promise<StoredAnswer>;
}

/** Runs the request on the deps it is given: the request's transaction, or the app's own deps. */
export type IdempotentExecute = (deps: AppDeps) => Promise<StoredAnswer>;

const isSuccess = (answer: StoredAnswer) => answer.status >= 200 && answer.status <= 299;

/**
 * At most `size` requests of this process hold a transaction at once. A handler may still read on the pool beside
 * its transaction (the bonus facts, the payer's context, the reference data), so requests holding every connection
 * while each waits for one more would stop the process: half the pool stays free for those reads.
 */
function createSlots(size: number) {
  let open = 0;
  const waiting: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (open >= size) await new Promise<void>((resolve) => waiting.push(resolve));
    else open += 1;
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else open -= 1;
    }
  };
}

/** What the two ways of running a keyed request share: the app's deps, the transaction slots, the cleaner. */
interface LayerContext {
  deps: AppDeps;
  inSlot: ReturnType<typeof createSlots>;
  removeExpired: (now: Date) => Promise<void>;
}

/** Removes expired rows now and then (at most once per CLEANUP_EVERY_MS); a failure is logged, never thrown. */
function createExpiredCleaner(deps: AppDeps): (now: Date) => Promise<void> {
  let lastCleanup = 0;
  return async (now) => {
    if (now.getTime() - lastCleanup < CLEANUP_EVERY_MS) return;
    lastCleanup = now.getTime();
    await deleteExpiredIdempotencyRows(deps.db, new Date(now.getTime() - REPLAY_WINDOW_MS), CLEANUP_BATCH).catch(
      (error: unknown) => {
        deps.log.warn({ err: error }, 'could not remove expired idempotency rows');
      },
    );
  };
}

async function runDeferred(deps: AppDeps, scope: IdempotencyScope, tasks: readonly AfterCommitTask[]) {
  for (const task of tasks) {
    try {
      await task(deps);
    } catch (error) {
      // The request has committed and its answer is stored; what could not run now is the sweeps' to finish.
      deps.log.error({ err: error, action: scope.action }, 'work after an idempotent request’s commit failed');
    }
  }
}

/** The claim, the effects and the answer in one transaction; deferred work after its commit. */
async function runInTransaction(
  layer: LayerContext,
  scope: IdempotencyScope,
  requestHash: string,
  execute: IdempotentExecute,
): Promise<StoredAnswer> {
  const { deps } = layer;
  const deferred: AfterCommitTask[] = [];
  const now = deps.clock.now();
  type Outcome = { earlier: IdempotencyRow | null } | { answer: StoredAnswer };
  const outcome = await layer.inSlot(() =>
    deps.db.transaction(async (tx): Promise<Outcome> => {
      const expiredBefore = new Date(now.getTime() - REPLAY_WINDOW_MS);
      if (!(await claimIdempotencyKey(tx, scope, { requestHash, now, expiredBefore })))
        return { earlier: await selectIdempotencyRow(tx, scope) };
      const inTransaction: AppDeps = { ...deps, db: tx as unknown as Db, commit: { defer: (task) => deferred.push(task) } };
      const answer = await execute(inTransaction);
      if (isSuccess(answer)) {
        await completeIdempotencyKey(tx, scope, {
          requestHash,
          status: answer.status,
          answer: JSON.stringify(answer),
          now: deps.clock.now(),
        });
      } else {
        await releaseIdempotencyKey(tx, scope, requestHash);
      }
      return { answer };
    }),
  );
  if ('earlier' in outcome) return answerOfEarlier(outcome.earlier, requestHash);
  await runDeferred(deps, scope, deferred);
  void layer.removeExpired(now);
  return outcome.answer;
}

/** An action that calls a provider mid-request: it runs as it always has, and its first 2xx answer is stored. */
async function runThenStore(
  layer: LayerContext,
  scope: IdempotencyScope,
  requestHash: string,
  execute: IdempotentExecute,
): Promise<StoredAnswer> {
  const { deps } = layer;
  const now = deps.clock.now();
  const expiredBefore = new Date(now.getTime() - REPLAY_WINDOW_MS);
  const earlier = await selectIdempotencyRow(deps.db, scope);
  if (earlier && earlier.state === 'done' && earlier.createdAt >= expiredBefore) return answerOfEarlier(earlier, requestHash);
  const answer = await execute(deps);
  if (!isSuccess(answer)) return answer;
  const input = { requestHash, status: answer.status, answer: JSON.stringify(answer), now: deps.clock.now(), expiredBefore };
  if (await insertIdempotencyAnswer(deps.db, scope, input)) {
    void layer.removeExpired(now);
    return answer;
  }
  // Another process answered the same key meanwhile (its effects and ours are one, by the action's own key).
  const stored = await selectIdempotencyRow(deps.db, scope);
  return stored?.requestHash === requestHash && stored.answer !== null ? (JSON.parse(stored.answer) as StoredAnswer) : answer;
}

function answerOfEarlier(row: IdempotencyRow | null, requestHash: string): StoredAnswer {
  // The claim waited for the key's holder, which committed its answer: a row with another state cannot be seen.
  if (!row || row.state !== 'done' || row.answer === null)
    throw new Error('Idempotency-Key taken but no stored answer found after its holder committed');
  if (row.requestHash !== requestHash) throw new AppError('CONFLICT', DIFFERENT_REQUEST);
  return JSON.parse(row.answer) as StoredAnswer;
}

/** One per app: the requests of this process that hold a key right now, and when expired rows were last removed. */
export function createIdempotencyLayer(deps: AppDeps) {
  const inFlight = new Map<string, InFlight>();
  const layer: LayerContext = {
    deps,
    inSlot: createSlots(Math.max(2, Math.floor((deps.pool.options.max ?? 10) / 2))),
    removeExpired: createExpiredCleaner(deps),
  };
  return {
    /**
     * Runs `execute` once per (member, action, key): the first request runs it, a repeat gets the first answer.
     * `execute` answers a success; a thrown error (AppError or not) is the request's failure and frees the key.
     */
    async run(
      scope: IdempotencyScope,
      payload: unknown,
      options: { callsProviderInRequest: boolean },
      execute: IdempotentExecute,
    ): Promise<StoredAnswer> {
      const requestHash = requestHashOf(payload);
      const id = `${scope.memberId}:${scope.action}:${scope.key}`;
      const running = inFlight.get(id);
      if (running) {
        if (running.requestHash !== requestHash) throw new AppError('CONFLICT', DIFFERENT_REQUEST);
        return running.answer;
      }
      // Registered before the first await, so a concurrent repeat in this process always finds it.
      const answer = options.callsProviderInRequest
        ? runThenStore(layer, scope, requestHash, execute)
        : runInTransaction(layer, scope, requestHash, execute);
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
