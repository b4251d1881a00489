import { createHmac } from 'node:crypto';
import { formatMinor, parseDbMinor } from '@tuzo/contracts';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../lib/deps.ts';
import { normalisePhone } from './ussd-member.ts';

/**
 * Africa's Talking's end-of-session notification, stored (decision 056, migration 0518): one row per session with
 * how it ended, its length, hops, the provider's error message and the network. The phone is a keyed hash; the
 * notification's `input` and `lastAppResponse` (they hold the PIN) are never read. A repeated notification for a
 * session is one row; rows older than 30 days go as new ones come.
 */
export const SESSION_END_STATUSES = ['Success', 'Incomplete', 'Failed'] as const;
export type SessionEndStatus = (typeof SESSION_END_STATUSES)[number];

const KEEP_DAYS = 30;
/** How long after a session broke off its notice shows on the next session's first screen. */
const NOTICE_MS = 60 * 60_000;

/** The phone as stored: HMAC-SHA256 under TUZO_SECRET_KEY of the E.164 number, never the number itself. */
export function phoneHash(deps: Pick<AppDeps, 'secrets'>, phone: string): string {
  return createHmac('sha256', deps.secrets.current.key).update(`ussd-phone:${phone}`).digest('hex');
}

const count = (value: string | undefined): number | null =>
  value !== undefined && /^\d{1,9}$/.test(value.trim()) ? Number(value.trim()) : null;

/** Stores one notification; false when it is not one (no session id, phone or known status). */
export async function recordSessionEnd(deps: AppDeps, fields: Record<string, string>): Promise<boolean> {
  const phone = normalisePhone(fields.phoneNumber ?? '');
  const status = SESSION_END_STATUSES.find((known) => known === fields.status);
  const sessionId = (fields.sessionId ?? '').slice(0, 200);
  if (!phone || !status || !sessionId) return false;
  const at = deps.clock.now();
  // The provider's words about the session (e.g. a network time-out): kept for the operator, never shown to members.
  const providerError = fields.errorMessage?.trim().slice(0, 500) || null;
  const networkCode = fields.networkCode?.trim().slice(0, 20) || null;
  await deps.db.execute(sql`
    WITH pruned AS (
      DELETE FROM ussd_session_ends WHERE at < ${at}::timestamptz - make_interval(days => ${KEEP_DAYS})
    )
    INSERT INTO ussd_session_ends (session_id, phone_hash, status, duration_ms, hops, error_message, network_code, at)
    VALUES (${sessionId}, ${phoneHash(deps, phone)}, ${status}, ${count(fields.durationInMillis)},
            ${count(fields.hopsCount)}, ${providerError}, ${networkCode}, ${at})
    ON CONFLICT (session_id) DO NOTHING`);
  return true;
}

/**
 * The withdrawal a session of this phone requested before it broke off, when that is the phone's last session end
 * (within the hour): the member may not have seen its "requested" screen, so the next first screen says it went
 * through rather than let them request it again. Sessions keep no state of their own, so nothing else is half done:
 * the withdrawal is keyed on the session (its ledger transaction `withdrawal:<member>:ussd:<session>`).
 */
export async function brokenOffWithdrawal(
  deps: AppDeps,
  member: { id: bigint; phone: string; currency: string },
): Promise<string | null> {
  const since = new Date(deps.clock.now().getTime() - NOTICE_MS);
  const rows = await deps.db.execute<{ status: SessionEndStatus; amount: string | null }>(sql`
    SELECT e.status, t.request ->> 'amountLocalMinor' AS amount
      FROM (SELECT status, session_id FROM ussd_session_ends
             WHERE phone_hash = ${phoneHash(deps, member.phone)} AND at >= ${since}
             ORDER BY at DESC, id DESC LIMIT 1) e
      LEFT JOIN ledger_transactions t
        ON t.idempotency_key = 'withdrawal:' || ${member.id.toString()} || ':ussd:' || e.session_id
       AND t.kind = 'withdrawal_hold'`);
  const last = rows.rows[0];
  if (!last || last.status === 'Success' || last.amount === null) return null;
  return `${member.currency} ${formatMinor(parseDbMinor(last.amount))}`;
}
