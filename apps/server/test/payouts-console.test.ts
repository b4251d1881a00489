import { describe, expect, it } from 'vitest';
import { callAction } from './harness.ts';
import { createMember } from './money-fixtures.ts';
import {
  approvedWithdrawal,
  approve,
  expectReconciled,
  payee,
  payoutOf,
  setSetting,
  waitFor,
  waitForState,
  withdrawOk,
} from './payouts-fixtures.ts';
import { usePayoutTestApp } from './payout-app.ts';

/** The console's payout actions: the queue, one payout's exchanges, "check with the provider", the utility balance. */
const ctx = usePayoutTestApp();

const get = (action: string, query: Record<string, string>, token = ctx.operator.token) =>
  callAction(ctx.t.app, action, { token, query });
const post = (action: string, payload: unknown, token = ctx.operator.token) =>
  callAction(ctx.t.app, action, { method: 'POST', token, payload });

describe('payout console', () => {
  it('lists payouts by state with counts, and shows one payout with its exchanges, secrets redacted', async () => {
    const paid = await payee(ctx);
    const failed = await payee(ctx, { suffix: '40' });
    const paidId = await withdrawOk(ctx, paid, '500');
    const failedId = await withdrawOk(ctx, failed, '500');
    await approve(ctx, paidId);
    await approve(ctx, failedId);
    const paidPayout = await waitForState(ctx, paidId, 'paid');
    await waitForState(ctx, failedId, 'failed');

    const support = await createMember(ctx.t, { countryId: ctx.c.kes, status: 'active', role: 'support' });
    const list = await get('adminpayouts', { state: 'failed' }, support.token);
    expect(list).toMatchObject({ status: 200, data: { page: 1, total: 1, counts: { paid: 1, failed: 1, sent: 0 } } });
    expect(list.data.rows[0]).toMatchObject({
      withdrawal_id: failedId,
      username: failed.username,
      provider: 'mpesa_b2c',
      state: 'failed',
      amount: '500.00',
      currency: 'KES',
      failure_reason: 'Your phone number is not registered on M-Pesa.',
    });
    expect((await get('adminpayouts', { username: paid.username })).data.rows).toHaveLength(1);
    expect((await get('adminpayouts', { state: 'lost' })).status).toBe(400);
    expect((await get('adminpayouts', { limit: '101' })).status).toBe(400);

    const one = await get('adminpayout', { id: paidPayout.id }, support.token);
    expect(one).toMatchObject({
      status: 200,
      data: { payout: { id: paidPayout.id, state: 'paid', receipt: paidPayout.receipt } },
    });
    expect(one.data.exchanges.map((e: { kind: string }) => e.kind).sort()).toEqual(['ack', 'result', 'send']);
    expect(JSON.stringify(one.data)).not.toContain(ctx.t.config.MPESA_SECURITY_CREDENTIAL ?? 'never');
    expect((await get('adminpayout', { id: '999999' })).status).toBe(404);
    expect((await post('admincheckpayout', { id: paidPayout.id }, support.token)).status).toBe(403);
    await expectReconciled(ctx);
  });

  it('checks a payout with M-Pesa: a payout with no result is settled by the answer, once; audited', async () => {
    const { id } = await approvedWithdrawal(ctx, { suffix: '37' });
    const sent = await payoutOf(ctx, id);
    expect(sent.state).toBe('sent');
    const checked = await post('admincheckpayout', { id: sent.id });
    expect(checked).toMatchObject({ status: 200, data: { asked: true, payout: { id: sent.id } } });
    const paid = await waitForState(ctx, id, 'paid');
    expect(paid.settled_by).toBe('query');
    expect(await post('admincheckpayout', { id: sent.id })).toMatchObject({ status: 409, code: 'ALREADY_DONE' });
    const audit = await ctx.t.sql(`SELECT 1 FROM audit_log WHERE action = 'payout.check' AND target_id = $1`, [sent.id]);
    expect(audit).toHaveLength(1);
    await expectReconciled(ctx);
  });

  it('shows the utility balance from every result and from the balance query, low below the alert setting', async () => {
    const { id } = await approvedWithdrawal(ctx);
    await waitForState(ctx, id, 'paid');
    const utility = ctx.t.sim.mpesa.b2c.utilityBalanceMinor;
    const shown = await get('adminpayoutbalance', {});
    expect(shown.data.balances).toEqual([
      expect.objectContaining({ provider: 'mpesa_b2c', currency: 'KES', source: 'payout result', is_low: false }),
    ]);
    await setSetting(ctx.t, 'payouts.low_balance_alert', '5000000.00');
    expect((await get('adminpayoutbalance', {})).data).toMatchObject({
      low_balance_alert: '5000000.00',
      balances: [{ is_low: true }],
    });
    expect(await post('adminrequestpayoutbalance', {})).toMatchObject({ status: 200, data: { asked: true } });
    const queried = await waitFor(async () => {
      const answer = await get('adminpayoutbalance', {});
      return answer.data.balances[0]?.source === 'balance query' ? answer.data.balances[0] : null;
    });
    expect(BigInt(queried.balance.replace('.', ''))).toBe(utility);
    await expectReconciled(ctx);
  });
});

describe('daily settlement CSV', () => {
  it('lists the day’s payouts by state with receipts and charges; the paid total matches the ledger’s provider:payouts', async () => {
    const answer = await ctx.t.app.inject({
      method: 'GET',
      url: '/api/admin/payouts/settlement',
      headers: { authorization: `Bearer ${ctx.operator.token}` },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/csv');
    const lines = answer.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'payout_id,withdrawal_id,username,provider,state,reference,receipt,amount,currency,provider_fee,paid_system,charge_system,settle_transaction_id,created_at,settled_at,failure_reason',
    );
    const rows = lines.slice(1, -1).map((line) => line.split(','));
    const paid = rows.filter((cells) => cells[4] === 'paid');
    expect(paid.length).toBeGreaterThanOrEqual(3);
    expect(paid.every((cells) => /^[A-Z0-9]{10}$/.test(cells[6] ?? ''))).toBe(true);
    expect(rows.some((cells) => cells[4] === 'failed' && cells[15] === 'Your phone number is not registered on M-Pesa.')).toBe(
      true,
    );
    const ledger = await ctx.t.sql<{ total: string }>(
      `SELECT COALESCE(sum(lp.amount_minor), 0)::text AS total FROM ledger_postings lp
       JOIN ledger_accounts a ON a.id = lp.account_id AND a.code = 'provider:payouts'
       WHERE lp.transaction_id IN (SELECT settle_transaction_id FROM payouts WHERE state = 'paid')`,
    );
    const totalCells = lines.at(-1)!.split(',');
    expect(totalCells[0]).toBe('total');
    expect(totalCells[4]).toBe(`paid ${paid.length}`);
    expect(BigInt((totalCells[10] ?? '').replace('.', ''))).toBe(BigInt(ledger[0]!.total));
    expect(
      (
        await ctx.t.app.inject({
          method: 'GET',
          url: '/api/admin/payouts/settlement?day=2026-13',
          headers: { authorization: `Bearer ${ctx.operator.token}` },
        })
      ).statusCode,
    ).toBe(400);
    expect((await ctx.t.app.inject({ method: 'GET', url: '/api/admin/payouts/settlement' })).statusCode).toBe(401);
    await expectReconciled(ctx);
  });
});

describe('money desk', () => {
  it('the money desk shows a pending withdrawal being paid with its payout state, not as one to decide', async () => {
    const m = await payee(ctx, { suffix: '55' });
    const id = await withdrawOk(ctx, m, '500');
    const before = await get('adminwithdrawalqueue', { username: m.username });
    expect(before.data.rows).toEqual([expect.objectContaining({ id, status: '0', payout_state: null })]);
    await approve(ctx, id);
    expect((await payoutOf(ctx, id)).state).toBe('sent');
    const queue = await get('adminwithdrawalqueue', { username: m.username, status: '0' });
    expect(queue.data.rows).toEqual([expect.objectContaining({ id, status: '0', payout_state: 'sent' })]);
    // The decision the desk no longer offers is refused.
    expect(await post('updatetrans', { tid: id, value: 1 })).toMatchObject({ status: 409 });
    // M-Pesa's Result (held by the simulator for phone ...55) settles it: it leaves the pending list.
    expect(await ctx.t.sim.mpesa.b2c.releaseResults((await payoutOf(ctx, id)).reference)).toBe(1);
    await waitForState(ctx, id, 'paid');
    expect((await get('adminwithdrawalqueue', { username: m.username })).data.rows).toEqual([
      expect.objectContaining({ id, status: '2', payout_state: null }),
    ]);
    await expectReconciled(ctx);
  });
});
