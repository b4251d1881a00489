import { createHmac } from 'node:crypto';
import { REFERRAL_STATS_DAYS, type ReferralStatsData } from '@tuzo/contracts';
import type { AppDeps } from '../../lib/deps.ts';
import { operatorDay } from '../../lib/clock.ts';
import { takeHit } from '../rate-limits/index.ts';
import { loadMemberCurrency, toMemberString } from '../wallets/index.ts';
import { addVisit, selectReferralDays, selectSponsorId } from './referral-stats.repository.ts';

/** One client counts at most once per sponsor in this window (decision 060). */
const VISIT_WINDOW_MS = 60 * 60_000;

/** `referralstats`: the last 30 operator days of the member's link, oldest first, commissions in their currency. */
export async function loadReferralStats(deps: AppDeps, memberId: bigint): Promise<ReferralStatsData> {
  const db = deps.readDb ?? deps.db;
  const timeZone = deps.config.TUZO_TIMEZONE;
  const toDay = operatorDay(deps.clock.now(), timeZone);
  const [currency, rows] = await Promise.all([
    loadMemberCurrency(db, memberId),
    selectReferralDays(db, { memberId, toDay, days: REFERRAL_STATS_DAYS, timeZone }),
  ]);
  return {
    currency: currency.currency,
    days: rows.map((row) => ({
      day: row.day,
      visits: row.visits,
      signups: row.signups,
      activations: row.activations,
      commissions: toMemberString(row.commissionsSystemMinor, currency),
    })),
  };
}

/** A per-process key for the visit budget's hashed keys: drawn once, never stored, never logged. */
const visitKeys = new WeakMap<AppDeps, Buffer>();

function visitKeyOf(deps: AppDeps): Buffer {
  let key = visitKeys.get(deps);
  if (!key) {
    key = deps.random.bytes(32);
    visitKeys.set(deps, key);
  }
  return key;
}

/**
 * `referralvisit`: one more visit on the sponsor's counter for today (operator day), unless this client was already
 * counted for this sponsor within the hour. The once-an-hour budget is kept under a keyed hash of address and sponsor
 * in the rate-limit counters, which expire; the visit itself stores nothing but the count. An unknown `ref` is
 * answered the same way and counts nothing, so the answer does not tell which usernames exist.
 */
export async function recordReferralVisit(deps: AppDeps, input: { ref: string; ip: string }): Promise<void> {
  const sponsorId = await selectSponsorId(deps.db, input.ref);
  if (sponsorId === null) return;
  const hash = createHmac('sha256', visitKeyOf(deps)).update(`${input.ip}|${sponsorId}`).digest('hex').slice(0, 32);
  const hit = await takeHit(deps, { key: `referralvisit:${hash}`, limit: { max: 1, windowMs: VISIT_WINDOW_MS } });
  if (!hit.isAllowed) return;
  await addVisit(deps.db, { sponsorId, day: operatorDay(deps.clock.now(), deps.config.TUZO_TIMEZONE) });
}
