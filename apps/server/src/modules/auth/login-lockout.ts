import type { AppDeps } from '../../lib/deps.ts';
import { rateLimitedError } from '../../lib/errors.ts';
import { writeAudit } from '../audit/index.ts';
import { forgetHits, returnHit, takeHit, type SharedLimit } from '../rate-limits/index.ts';

/**
 * Sign-in lockout, built so that nobody can lock another person out (docs/decisions/021-sessions-and-sign-in.md):
 *
 * - ADDRESS_LIMIT: 5 password checks per account *and address* in 15 minutes. A stranger guessing from one address
 *   slows only that stranger; the member signs in from their own phone meanwhile.
 * - ADDRESS_DAY_LIMIT: 20 per account and address in 24 hours, so one address cannot pile up the account's daily
 *   count on its own (5 every 15 minutes would be 480 a day).
 * - ACCOUNT_DAY_LIMIT: 100 failed checks on the account in 24 hours from all addresses together, far more than a
 *   member makes. It is the hard lock against guessing from many addresses at once.
 *
 * Every count is kept in PostgreSQL (`rate_limit_counters`), so every process sees the same lock, and applies whatever
 * RATE_LIMIT_ENABLED says. An attempt is counted *before* the password is checked, so a burst of parallel guesses
 * cannot all pass the check before any failure is written. A right password clears the address's counts and takes its
 * own hit back from the account's daily count (it was not a failure); a stranger can never do either.
 */
export const ADDRESS_LIMIT: SharedLimit = { max: 5, windowMs: 15 * 60_000 };
export const ADDRESS_DAY_LIMIT: SharedLimit = { max: 20, windowMs: 24 * 3_600_000 };
export const ACCOUNT_DAY_LIMIT: SharedLimit = { max: 100, windowMs: 24 * 3_600_000 };

interface Attempt {
  memberId: bigint;
  ip: string;
}

const keysOf = ({ memberId, ip }: Attempt) => ({
  address: `login:${memberId.toString()}:${ip}`,
  addressDay: `login-day:${memberId.toString()}:${ip}`,
  accountDay: `login-day:${memberId.toString()}`,
});

function lockedMessage(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  if (minutes <= 90) return `Too many failed attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
  const hours = Math.ceil(minutes / 60);
  return `Too many failed attempts. Try again in ${hours} hours.`;
}

/**
 * Counts one sign-in attempt on the account from `ip`; refuses it with 429 RATE_LIMITED and `Retry-After` once a
 * budget is spent. The first refusal of each lock is audited (`auth.lockout`), not every refused attempt.
 */
export async function admitLoginAttempt(deps: AppDeps, attempt: Attempt): Promise<void> {
  const keys = keysOf(attempt);
  const rules = [
    { key: keys.address, limit: ADDRESS_LIMIT, scope: 'address' },
    { key: keys.addressDay, limit: ADDRESS_DAY_LIMIT, scope: 'address_day' },
    { key: keys.accountDay, limit: ACCOUNT_DAY_LIMIT, scope: 'account_day' },
  ] as const;
  for (const rule of rules) {
    const hit = await takeHit(deps, { key: rule.key, limit: rule.limit });
    if (hit.isAllowed) continue;
    if (hit.hits === rule.limit.max + 1) {
      const until = new Date(deps.clock.now().getTime() + hit.retryAfterSeconds * 1000).toISOString();
      await writeAudit(deps.db, {
        actorId: null,
        action: 'auth.lockout',
        targetType: 'member',
        targetId: attempt.memberId,
        after: { scope: rule.scope, until },
        ip: attempt.ip,
      });
    }
    throw rateLimitedError(lockedMessage(hit.retryAfterSeconds), hit.retryAfterSeconds);
  }
}

/** After a right password: forgets the address's failures and takes this attempt back from the account's day. */
export async function clearLoginAttempts(deps: AppDeps, attempt: Attempt): Promise<void> {
  const keys = keysOf(attempt);
  await forgetHits(deps, keys.address);
  await forgetHits(deps, keys.addressDay);
  await returnHit(deps, keys.accountDay);
}
