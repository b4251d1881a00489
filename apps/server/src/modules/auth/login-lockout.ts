import { AppError } from '../../lib/errors.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { forgetHits, takeHit, type SharedLimit } from '../rate-limits/rate-limits.service.ts';

/**
 * Per-account login lockout: an account gets 5 password checks in a window of 15 minutes that opens with its first
 * attempt since its last successful login; a successful login clears the count, so only failures add up. It stops password guessing on one account from
 * any number of addresses, which the per-IP limit cannot do (thousands of members share one carrier address).
 *
 * The count is kept in PostgreSQL (`rate_limit_counters`), so every app process on the database sees the same
 * lockout. It applies whatever RATE_LIMIT_ENABLED says: that switch governs the per-IP flood limits only.
 *
 * An attempt is counted before the password is checked, not after it fails, so a burst of parallel guesses cannot
 * all pass the check before any failure is written: the sixth concurrent guess is refused like the sixth in a row.
 */
export const LOGIN_LIMIT: SharedLimit = { max: 5, windowMs: 15 * 60_000 };

function accountKey(memberId: bigint): string {
  return `login:${memberId.toString()}`;
}

/** Counts one login attempt on the account; refuses it with 429 RATE_LIMITED once the window's budget is spent. */
export async function admitLoginAttempt(deps: AppDeps, memberId: bigint): Promise<void> {
  const hit = await takeHit(deps, { key: accountKey(memberId), limit: LOGIN_LIMIT });
  if (hit.isAllowed) return;
  const minutes = Math.ceil(hit.retryAfterSeconds / 60);
  throw new AppError('RATE_LIMITED', `Too many failed attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`);
}

/** Forgets the account's attempts after a successful login. */
export async function clearLoginAttempts(deps: AppDeps, memberId: bigint): Promise<void> {
  await forgetHits(deps, accountKey(memberId));
}
