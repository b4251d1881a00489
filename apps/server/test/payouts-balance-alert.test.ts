import { describe, expect, it } from 'vitest';
import { recordPayoutBalance } from '../src/modules/payouts/payout-balance-alert.ts';
import { callAction } from './harness.ts';
import { createMember } from './money-fixtures.ts';
import { approvedWithdrawal, expectReconciled, notices, payee, setSetting, waitFor, waitForState } from './payouts-fixtures.ts';
import { usePayoutTestApp } from './payout-app.ts';

/**
 * The low-balance alert (decision 033) against the M-Pesa simulator over HTTP: the utility balance every B2C result
 * and the balance query report is compared with `payouts.low_balance_alert`; the operators are alerted once per
 * crossing (audit `payout.low_balance`, `low_since` on `adminpayoutbalance`), members never.
 */
const ctx = usePayoutTestApp();

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
  const { m, id } = await approvedWithdrawal(ctx);
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

describe('the low-balance alert reaches the operators where they look (issue 23 §6)', () => {
  const report = (provider: 'mpesa_b2c' | 'flutterwave', currency: string, balance: bigint) => {
    ctx.clock.advance(1_000);
    return recordPayoutBalance(ctx.t.app.deps, { provider, currency, balanceMinor: balance, source: 'test report' });
  };
  const consoleNotices = async (token = ctx.operator.token) =>
    (await callAction(ctx.t.app, 'adminnotices', { token })) as {
      httpStatus: number;
      data: { notices: { kind: string; text: string; link: string | null }[] };
    };
  const lowMessages = async (memberId: bigint) =>
    (
      await ctx.t.sql<{ msg: string }>(
        "SELECT msg FROM member_notifications WHERE member_id = $1 AND msg LIKE 'Low payout balance:%' ORDER BY id",
        [memberId.toString()],
      )
    ).map((row) => row.msg);
  const UGX_LOW =
    'Low payout balance: Flutterwave transfer UGX 200,000.00, below the alert of UGX 285,000.00. Top the account up before payouts fail.';

  it('one message to each operator and a console notice per provider currency, not repeated while low, cleared when it recovers', async () => {
    const support = await createMember(ctx.t, { countryId: ctx.c.kes, status: 'active', role: 'support' });
    const member = await payee(ctx);
    // The alert is in the system currency (KES): UGX 285,000.00 at the countries' rate of 28.5.
    await setSetting(ctx.t, 'payouts.low_balance_alert', '10000.00');
    await report('mpesa_b2c', 'KES', 5_000_000n);
    await report('flutterwave', 'KES', 5_000_000n);
    await report('flutterwave', 'UGX', 30_000_000n);
    const before = { first: await lowMessages(ctx.operator.id), second: await lowMessages(ctx.secondOperator.id) };
    expect((await consoleNotices()).data.notices.filter((n) => n.kind === 'low_payout_balance')).toEqual([]);

    // UGX 200,000.00 is below UGX 285,000.00 (though not below the alert's 10,000 as written): one alert, UGX only.
    await report('flutterwave', 'UGX', 20_000_000n);
    expect(await lowMessages(ctx.operator.id)).toEqual([...before.first, UGX_LOW]);
    expect(await lowMessages(ctx.secondOperator.id)).toEqual([...before.second, UGX_LOW]);
    const shown = await consoleNotices();
    expect(shown.httpStatus).toBe(200);
    expect(shown.data.notices).toEqual([
      { kind: 'low_payout_balance', severity: 'warning', text: UGX_LOW, link: '/admin/payouts' },
    ]);
    // Support staff see the notice on their console pages too; only operators get the message.
    expect((await consoleNotices(support.token)).data.notices).toHaveLength(1);
    expect(await lowMessages(support.id)).toEqual([]);
    expect((await balances()).filter((row) => row.is_low)).toHaveLength(1);

    // Still low, lower again: nothing more is sent, the one notice stays.
    await report('flutterwave', 'UGX', 19_000_000n);
    expect(await lowMessages(ctx.operator.id)).toEqual([...before.first, UGX_LOW]);
    expect((await consoleNotices()).data.notices.map((n) => n.text)).toEqual([
      'Low payout balance: Flutterwave transfer UGX 190,000.00, below the alert of UGX 285,000.00. Top the account up before payouts fail.',
    ]);

    // The KES account of the same provider falls low too: its own alert and notice, beside the UGX one.
    await report('flutterwave', 'KES', 900_000n);
    const kesLow =
      'Low payout balance: Flutterwave transfer KES 9,000.00, below the alert of KES 10,000.00. Top the account up before payouts fail.';
    expect((await lowMessages(ctx.operator.id)).slice(-2)).toEqual([UGX_LOW, kesLow]);
    expect((await consoleNotices()).data.notices).toHaveLength(2);

    // Both recover: the notices go, with no new message; a new fall alerts again.
    await report('flutterwave', 'UGX', 40_000_000n);
    await report('flutterwave', 'KES', 2_000_000n);
    expect((await consoleNotices()).data.notices).toEqual([]);
    expect(await lowMessages(ctx.operator.id)).toHaveLength(before.first.length + 2);
    await report('flutterwave', 'UGX', 10_000_000n);
    expect(await lowMessages(ctx.operator.id)).toHaveLength(before.first.length + 3);
    expect((await consoleNotices()).data.notices).toHaveLength(1);
    await report('flutterwave', 'UGX', 40_000_000n);

    // Members are never told, and a member cannot read the console's notices.
    expect(await lowMessages(member.id)).toEqual([]);
    expect((await consoleNotices(member.token)).httpStatus).toBe(403);
    await expectReconciled(ctx);
  });
});
