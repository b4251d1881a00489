import { afterEach, describe, expect, it } from 'vitest';
import type { ReferralStatsData } from '@tuzo/contracts';
import { operatorDay } from '../src/lib/clock.ts';
import { callAction } from './harness.ts';
import type { TestMember } from './money-fixtures.ts';
import { advanceClock, expectReconciled } from './payouts-fixtures.ts';
import { usePayoutTestApp } from './payout-app.ts';
import { activateAll, chain, clusterIdOf, decide } from './clusters-fixtures.ts';

/**
 * A member's referral numbers and held commissions (decisions 060 and 062): a held commission is not counted; once
 * released it counts on the day of the release; one reversed from the hold never counts. The ledger reconciles.
 */
const ctx = usePayoutTestApp();
afterEach(() => expectReconciled(ctx));

const DAY = 24 * 60 * 60 * 1000;
let devices = 0;
const device = () => `stats-holds-device-${(devices += 1)}-00`;
const today = () => operatorDay(ctx.clock.now(), ctx.t.app.deps.config.TUZO_TIMEZONE);

async function commissionsOf(m: TestMember): Promise<Map<string, string>> {
  const res = await callAction<ReferralStatsData>(ctx.t.app, 'referralstats', { token: m.token });
  expect(res).toMatchObject({ status: 200, resultcode: true });
  return new Map(res.data.days.map((day) => [day.day, day.commissions]));
}

async function ringOf(n: number) {
  const shared = device();
  const members = await chain(ctx, n, () => ({ device: shared }));
  await activateAll(ctx, members);
  return { members, clusterId: await clusterIdOf(ctx, members[0]!) };
}

describe('referral numbers of a member whose commissions were held', () => {
  it('counts a held commission on the day it is released, once', async () => {
    const { members, clusterId } = await ringOf(2);
    const heldDay = today();
    expect((await commissionsOf(members[0]!)).get(heldDay)).toBe('0.00');

    await advanceClock(ctx, DAY);
    const releaseDay = today();
    expect(await decide(ctx, { id: clusterId, decision: 'clear', note: 'Brothers, IDs seen' })).toMatchObject({ status: 200 });
    const after = await commissionsOf(members[0]!);
    expect(after.get(heldDay)).toBe('0.00');
    expect(after.get(releaseDay)).toBe('250.00');
  });

  it('never counts a commission reversed from the hold', async () => {
    const { members, clusterId } = await ringOf(2);
    expect(await decide(ctx, { id: clusterId, decision: 'confirm', note: 'One person' })).toMatchObject({ status: 200 });
    const rows = await ctx.t.sql<{ sum: string | null }>(
      `SELECT sum(p.amount_minor)::text AS sum FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
       WHERE a.member_id = $1`,
      [members[0]!.id.toString()],
    );
    // The member, now suspended, cannot sign in to ask; their numbers are their wallets' postings: funded 500.00 and
    // paid 500.00 for activation, nothing earned reached them.
    expect(rows[0]?.sum).toBe('0');
    const count = await ctx.t.sql<{ n: number }>(
      "SELECT count(*)::int AS n FROM commission_holds WHERE member_id = $1 AND state = 'reversed'",
      [members[0]!.id.toString()],
    );
    expect(count).toEqual([{ n: 1 }]);
  });
});
