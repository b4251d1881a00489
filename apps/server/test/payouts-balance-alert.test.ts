import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAction } from './harness.ts';
import {
  approve,
  expectReconciled,
  notices,
  payee,
  setSetting,
  startPayoutTestApp,
  waitFor,
  waitForState,
  withdrawOk,
  type PayoutTestContext,
} from './payouts-fixtures.ts';

/**
 * The low-balance alert (decision 033) against the M-Pesa simulator over HTTP: the utility balance every B2C result
 * and the balance query report is compared with `payouts.low_balance_alert`; the operators are alerted once per
 * crossing (audit `payout.low_balance`, `low_since` on `adminpayoutbalance`), members never.
 */
let ctx: PayoutTestContext;
beforeAll(async () => {
  ctx = await startPayoutTestApp();
});
afterAll(async () => ctx.t.close());

const alerts = async () =>
  (
    await ctx.t.sql<{ action: string; actor_id: string | null }>(
      `SELECT action, actor_id::text FROM audit_log WHERE action LIKE 'payout.low_balance%' ORDER BY id`,
    )
  ).map((row) => row.action);
const balances = async () =>
  (await callAction(ctx.t.app, 'adminpayoutbalance', { token: ctx.operator.token })).data.balances as {
    source: string;
    reported_at: string;
    is_low: boolean;
    low_since: string | null;
  }[];
const askBalance = async () => {
  const before = (await balances())[0]?.reported_at;
  expect(
    await callAction(ctx.t.app, 'adminrequestpayoutbalance', { method: 'POST', token: ctx.operator.token, payload: {} }),
  ).toMatchObject({ status: 200, data: { asked: true } });
  ctx.clock.advance(1_000);
  await waitFor(async () => {
    const row = (await balances())[0];
    return row?.source === 'balance query' && row.reported_at !== before ? row : null;
  });
};
const payOne = async () => {
  const m = await payee(ctx);
  const id = await withdrawOk(ctx, m, '500');
  await approve(ctx, id);
  await waitForState(ctx, id, 'paid');
  ctx.clock.advance(1_000);
  return m;
};

describe('low-balance alert', () => {
  it('alerts the operators once per crossing of payouts.low_balance_alert, from results and the balance query', async () => {
    const first = await payOne();
    expect(await alerts()).toEqual([]);
    expect((await balances())[0]).toMatchObject({ is_low: false, low_since: null });

    await setSetting(ctx.t, 'payouts.low_balance_alert', '5000000.00');
    await payOne();
    expect(await alerts()).toEqual(['payout.low_balance']);
    const low = (await balances())[0]!;
    expect(low.is_low).toBe(true);
    expect(low.low_since).not.toBeNull();
    // Still below: no second alert, from a result or from the balance query.
    await payOne();
    await askBalance();
    expect(await alerts()).toEqual(['payout.low_balance']);
    expect((await balances())[0]?.low_since).toBe(low.low_since);

    // Topped up (here: the setting lowered), then below again: a new crossing, a new alert.
    await setSetting(ctx.t, 'payouts.low_balance_alert', '1.00');
    await askBalance();
    expect(await alerts()).toEqual(['payout.low_balance', 'payout.low_balance_cleared']);
    expect((await balances())[0]).toMatchObject({ is_low: false, low_since: null });
    await setSetting(ctx.t, 'payouts.low_balance_alert', '5000000.00');
    await askBalance();
    expect(await alerts()).toEqual(['payout.low_balance', 'payout.low_balance_cleared', 'payout.low_balance']);

    // Members are not told.
    expect((await notices(ctx, first)).some((msg) => /balance/i.test(msg) && !/paid/i.test(msg))).toBe(false);
    await expectReconciled(ctx);
  });
});
