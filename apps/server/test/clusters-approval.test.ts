import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PAYOUT_AUTO_PAY_SETTINGS } from '@tuzo/contracts';
import { callAction } from './harness.ts';
import { createMember, fund } from './money-fixtures.ts';
import { approve, expectReconciled, payouts, setSetting, withdrawOk } from './payouts-fixtures.ts';
import { usePayoutTestApp } from './payout-app.ts';
import { activateAll, chain, clusterIdOf, decide, seen } from './clusters-fixtures.ts';

/**
 * A cluster and the withdrawals of its members at approval (decision 062): a withdrawal requested before its
 * member's cluster opened carries no flag, yet no approval pays it while the cluster is open; a clear decided through
 * four-eyes sends the withdrawals it freed on to auto-pay, as a clear without four-eyes does. Every test reconciles.
 */
const ctx = usePayoutTestApp();
beforeEach(async () => setSetting(ctx.t, 'payouts.auto_pay', DEFAULT_PAYOUT_AUTO_PAY_SETTINGS));
afterEach(async () => {
  await setSetting(ctx.t, 'four_eyes_threshold', '10000.00');
  await expectReconciled(ctx);
});

let devices = 0;
const device = () => `approval-device-${(devices += 1)}-0000`;

describe('a cluster that opens after the withdrawal was requested', () => {
  it('holds the withdrawal at approval until the cluster is decided; then it is paid', async () => {
    const sponsor = await createMember(ctx.t, { countryId: ctx.c.kes, prefix: 'early' });
    const recruit = await createMember(ctx.t, { countryId: ctx.c.kes, sponsor, prefix: 'early' });
    for (const m of [sponsor, recruit]) {
      await fund(ctx.t, m.id, 50_000n, 'deposit');
      await seen(ctx, m, { device: device() });
    }
    await activateAll(ctx, [sponsor, recruit]);
    await fund(ctx.t, sponsor.id, 100_000n, 'balance');
    const withdrawal = await withdrawOk(ctx, sponsor, '300');
    expect(await ctx.t.sql('SELECT kind FROM payout_risk_flags WHERE withdrawal_id = $1', [withdrawal])).toEqual([]);

    // Then both are paid out to one number: sponsor and recruit in one cluster, a ring, open.
    await seen(ctx, sponsor, { payoutPhone: '0723 456 001' });
    await seen(ctx, recruit, { payoutPhone: '+254723456001' });
    const clusterId = await clusterIdOf(ctx, sponsor);
    const refused = await approve(ctx, withdrawal);
    expect(refused).toMatchObject({ httpStatus: 409, code: 'CONFLICT' });
    expect(refused.msg).toContain(`open cluster #${clusterId}`);
    expect(await payouts(ctx, withdrawal)).toEqual([]);

    expect(await decide(ctx, { id: clusterId, decision: 'clear', note: 'Father and son, IDs seen' })).toMatchObject({
      status: 200,
      data: { state: 'cleared' },
    });
    expect(await approve(ctx, withdrawal)).toMatchObject({ status: 200, resultcode: true });
    expect(await payouts(ctx, withdrawal)).toHaveLength(1);
  });

  it('refuses approval for a member of a confirmed cluster', async () => {
    const shared = device();
    const members = await chain(ctx, 2, () => ({ device: shared }));
    const [top] = members;
    await activateAll(ctx, members);
    await fund(ctx.t, top!.id, 100_000n, 'balance');
    const withdrawal = await withdrawOk(ctx, top!, '300');
    const clusterId = await clusterIdOf(ctx, top!);
    await decide(ctx, { id: clusterId, decision: 'confirm', note: 'One person, two accounts' });
    const refused = await approve(ctx, withdrawal);
    expect(refused).toMatchObject({ httpStatus: 409 });
    expect(refused.msg).toContain(`confirmed cluster #${clusterId}`);
    expect(await payouts(ctx, withdrawal)).toEqual([]);
  });
});

describe('a clear decided through four-eyes', () => {
  it('sends the withdrawals it freed on to auto-pay once the second operator approves', async () => {
    await setSetting(ctx.t, 'payouts.auto_pay', { enabled: true, below_amount: '1000.00', min_active_days: 0, max_per_day: 5 });
    const shared = device();
    const members = await chain(ctx, 2, () => ({ device: shared }));
    await activateAll(ctx, members);
    const top = members[0]!;
    await fund(ctx.t, top.id, 100_000n, 'balance');
    const withdrawal = await withdrawOk(ctx, top, '200');
    expect(await payouts(ctx, withdrawal)).toEqual([]);
    // Above the threshold the held KES 250.00 needs two operators; the KES 200.00 withdrawal is below it (auto-pay).
    await setSetting(ctx.t, 'four_eyes_threshold', '220.00');
    const clusterId = await clusterIdOf(ctx, top);
    const asked = await decide(ctx, { id: clusterId, decision: 'clear', note: 'Twins, IDs seen' });
    expect(asked).toMatchObject({ httpStatus: 202 });
    expect(await payouts(ctx, withdrawal)).toEqual([]);
    const ok = await callAction(ctx.t.app, 'adminapproverequest', {
      method: 'POST',
      token: ctx.secondOperator.token,
      payload: { id: asked.data.approval_id, note: 'Agreed' },
    });
    expect(ok).toMatchObject({ status: 200, resultcode: true });
    await expect.poll(async () => (await payouts(ctx, withdrawal)).length).toBe(1);
  });
});
