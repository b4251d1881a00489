import type { FastifyRequest } from 'fastify';
import { rateLimitedError } from '../../lib/errors.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { countHit, deleteCounter, deleteExpiredCounters, uncountHit } from './rate-limits.repository.ts';

/** At most `max` hits per window of `windowMs`, the window opening with the first hit. */
export interface SharedLimit {
  max: number;
  windowMs: number;
}

export interface HitResult {
  isAllowed: boolean;
  /** This hit's number in the window: `max + 1` is the first refused one. */
  hits: number;
  /** Whole seconds until the window closes (at least 1). */
  retryAfterSeconds: number;
}

/** Pruning runs once per PRUNE_EVERY counted hits in a process and deletes at most PRUNE_BATCH expired rows. */
const PRUNE_EVERY = 200;
const PRUNE_BATCH = 500;
let hitsSincePrune = 0;

/**
 * Counts one hit on `key` in PostgreSQL, shared by every process on the database, and says whether it is within
 * `limit`. Every few hundred hits the caller also deletes a batch of expired rows, which keeps the table about the
 * size of one window's keys without a timer. Each hit adds at most one row and a prune removes more than
 * PRUNE_EVERY, so the table stays bounded.
 */
export async function takeHit(deps: AppDeps, input: { key: string; limit: SharedLimit }): Promise<HitResult> {
  const now = deps.clock.now();
  const state = await countHit(deps.db, { key: input.key, windowMs: input.limit.windowMs, now });
  hitsSincePrune += 1;
  if (hitsSincePrune >= PRUNE_EVERY) {
    hitsSincePrune = 0;
    await deleteExpiredCounters(deps.db, { before: now, limit: PRUNE_BATCH });
  }
  const retryAfterSeconds = Math.max(1, Math.ceil((state.expiresAt.getTime() - now.getTime()) / 1000));
  return { isAllowed: state.hits <= input.limit.max, hits: state.hits, retryAfterSeconds };
}

export async function forgetHits(deps: AppDeps, key: string): Promise<void> {
  await deleteCounter(deps.db, key);
}

/** Takes back one hit counted on `key` (see `uncountHit`). */
export async function returnHit(deps: AppDeps, key: string): Promise<void> {
  await uncountHit(deps.db, key);
}

/** A budget counted in PostgreSQL for one request: its key (`ip:<address>:<action>` or `member:<id>:<action>`). */
export interface SharedRule {
  key: string;
  perMinute: number;
}

/**
 * An `onRequest` hook for the action endpoint: when `ruleOf` names a shared rule for the request, counts the hit
 * under its key and refuses the request with 429 RATE_LIMITED (and Retry-After) past the budget. It runs before the
 * body is parsed, like the in-process limiter it replaces for these actions.
 */
export function sharedLimitHook(deps: AppDeps, ruleOf: (request: FastifyRequest) => Promise<SharedRule | null>) {
  return async (request: FastifyRequest): Promise<void> => {
    const rule = await ruleOf(request);
    if (!rule) return;
    const hit = await takeHit(deps, { key: rule.key, limit: { max: rule.perMinute, windowMs: 60_000 } });
    if (hit.isAllowed) return;
    throw rateLimitedError(
      `Too many requests. Please wait ${hit.retryAfterSeconds} seconds and try again.`,
      hit.retryAfterSeconds,
    );
  };
}
