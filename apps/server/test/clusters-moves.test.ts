import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PAYOUT_AUTO_PAY_SETTINGS } from '@tuzo/contracts';
import { callAction } from './harness.ts';
import { createMember, fund, type TestMember } from './money-fixtures.ts';
import { expectReconciled, payouts, setSetting, withdrawOk } from './payouts-fixtures.ts';
import { usePayoutTestApp } from './payout-app.ts';
import { accountBalance, activateAll, chain, clusterIdOf, decide, holdStates } from './clusters-fixtures.ts';

/**
 * Held commissions when the team changes (decision 062): a deactivation or an upline change reverses a held
 * commission from the hold (and a released one from the upline's Jumbo), a commission a new upline in the cluster
 * earns is held again; auto-pay never pays a withdrawal the cluster flag holds. Every test ends reconciled.
 */
const ctx = usePayoutTestApp();
beforeEach(async () => setSetting(ctx.t, 'payouts.auto_pay', DEFAULT_PAYOUT_AUTO_PAY_SETTINGS));
afterEach(async () => expectReconciled(ctx));

const jumbo = (m: TestMember) => accountBalance(ctx, `member:${m.id}:balance`);
const hold = () => accountBalance(ctx, 'hold:commissions');

async function ring(n: number) {
  const shared = `device-${Math.random().toString(36).slice(2, 14)}`;
  const members = await chain(ctx, n, () => ({ device: shared }));
  await activateAll(ctx, members);
  return { members, clusterId: await clusterIdOf(ctx, members[0]!) };
}

function operatorCall(action: string, payload: unknown) {
  return callAction(ctx.t.app, action, { method: 'POST', token: ctx.operator.token, payload });
}

describe('deactivation', () => {
  it('reverses a held commission from the hold', async () => {
    const { members, clusterId } = await ring(2);
    const before = await hold();
    const res = await operatorCall('admindeactivate', { username: members[1]!.username, reason: 'Duplicate account' });
    expect(res).toMatchObject({ status: 200, data: { commissions_reversed: 1 } });
    expect(await holdStates(ctx, clusterId)).toEqual(['reversed']);
    expect(await hold()).toBe(before - 25_000n);
    expect(await jumbo(members[0]!)).toBe(0n);
  });

  it('after a release, takes the commission back from the upline’s Jumbo', async () => {
    const { members, clusterId } = await ring(2);
    await decide(ctx, { id: clusterId, decision: 'clear', note: 'Two sisters' });
    expect(await jumbo(members[0]!)).toBe(25_000n);
    const res = await operatorCall('admindeactivate', { username: members[1]!.username, reason: 'Fake account after all' });
    expect(res).toMatchObject({ status: 200, data: { commissions_reversed: 1 } });
    expect(await jumbo(members[0]!)).toBe(0n);
    expect(await holdStates(ctx, clusterId)).toEqual(['reversed']);
  });
});

describe('upline change', () => {
  it('moves a held commission away from the hold, and holds it again under an upline in the cluster', async () => {
    const { members, clusterId } = await ring(2);
    const [a, b] = members as [TestMember, TestMember];
    const outsider = await createMember(ctx.t, { countryId: ctx.c.kes, status: 'active' });
    const before = await hold();
    const away = await operatorCall('adminchangeupline', {
      username: b.username,
      upline: outsider.username,
      reason: 'Wrong sponsor',
    });
    expect(away).toMatchObject({ status: 200 });
    expect(await holdStates(ctx, clusterId)).toEqual(['reversed']);
    expect(await hold()).toBe(before - 25_000n);
    expect(await jumbo(outsider)).toBe(25_000n);
    const back = await operatorCall('adminchangeupline', {
      username: b.username,
      upline: a.username,
      reason: 'Sponsor was right',
    });
    expect(back).toMatchObject({ status: 200 });
    expect(await holdStates(ctx, clusterId)).toEqual(['reversed', 'held']);
    expect(await hold()).toBe(before);
    expect(await jumbo(a)).toBe(0n);
    await decide(ctx, { id: clusterId, decision: 'clear', note: 'Checked' });
  });
});

describe('the most severe flag decides', () => {
  it('auto-pay, allowed by every rule, does not pay a withdrawal held by the cluster flag; clearing the cluster does', async () => {
    await setSetting(ctx.t, 'payouts.auto_pay', { enabled: true, below_amount: '1000.00', min_active_days: 0, max_per_day: 5 });
    const { members, clusterId } = await ring(2);
    const a = members[0]!;
    await fund(ctx.t, a.id, 100_000n, 'balance');
    const withdrawal = await withdrawOk(ctx, a, '300');
    const flags = await ctx.t.sql<{ kind: string }>('SELECT kind FROM payout_risk_flags WHERE withdrawal_id = $1', [withdrawal]);
    expect(flags).toEqual([{ kind: 'cluster' }]);
    expect(await payouts(ctx, withdrawal)).toEqual([]);
    await decide(ctx, { id: clusterId, decision: 'clear', note: 'A mother and her son' });
    expect(await payouts(ctx, withdrawal)).toHaveLength(1);
  });

  it('a withdrawal outside any cluster is auto-paid as before (the rules alone)', async () => {
    await setSetting(ctx.t, 'payouts.auto_pay', { enabled: true, below_amount: '1000.00', min_active_days: 0, max_per_day: 5 });
    const [solo] = await chain(ctx, 1, () => ({ device: `device-${Math.random().toString(36).slice(2, 14)}` }));
    await activateAll(ctx, [solo!]);
    await fund(ctx.t, solo!.id, 100_000n, 'balance');
    const withdrawal = await withdrawOk(ctx, solo!, '300');
    await expect.poll(async () => (await payouts(ctx, withdrawal)).length).toBe(1);
  });
});
