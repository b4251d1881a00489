import { ACTIONS } from '@tuzo/contracts';
import { describe, expect, it } from 'vitest';
import { callAction, type EnvelopeResponse } from './harness.ts';
import { wallets } from './money-fixtures.ts';
import {
  approve,
  expectReconciled,
  history,
  payee,
  payoutOf,
  settlements,
  waitFor,
  waitForState,
  withdrawOk,
  approvedWithdrawal,
} from './payouts-fixtures.ts';
import { usePayoutTestApp } from './payout-app.ts';

/**
 * The payout console's money actions honour `Idempotency-Key` (the catalogue marks them idempotent, decision 050):
 * a retry of the same click with the same key answers the first answer and moves money once, where without the
 * key the second click is refused as "already retried" (or "one pending request per payout").
 */
const ctx = usePayoutTestApp();

function post(action: 'adminretrypayout' | 'adminmarkpayoutpaid' | 'adminmarkpayoutfailed', payload: unknown, key: string) {
  return callAction(ctx.t.app, action, {
    method: 'POST',
    token: ctx.operator.token,
    payload,
    headers: { 'idempotency-key': key },
  });
}
const answerOf = ({ httpStatus, status, resultcode, msg, data }: EnvelopeResponse) => ({
  httpStatus,
  status,
  resultcode,
  msg,
  data,
});

describe('payout console actions under an Idempotency-Key', () => {
  it('are marked idempotent in the catalogue', () => {
    expect(ACTIONS.adminretrypayout.idempotent).toBe(true);
    expect(ACTIONS.adminmarkpayoutpaid.idempotent).toBe(true);
    expect(ACTIONS.adminmarkpayoutfailed.idempotent).toBe(true);
  });

  it('adminretrypayout: a repeat answers the first answer; the hold is taken again and paid once', async () => {
    const m = await payee(ctx);
    const id = await withdrawOk(ctx, m, '500');
    const utility = ctx.t.sim.mpesa.b2c.utilityBalanceMinor;
    ctx.t.sim.mpesa.b2c.utilityBalanceMinor = 0n;
    await approve(ctx, id);
    const failed = await waitForState(ctx, id, 'failed');
    ctx.t.sim.mpesa.b2c.utilityBalanceMinor = utility;
    const afterRefund = await wallets(ctx.t, m.id);

    const first = await post('adminretrypayout', { id: failed.id }, 'retry-payout-key-1');
    expect(first).toMatchObject({ status: 200, resultcode: true, data: { approval_id: null } });
    const again = await post('adminretrypayout', { id: failed.id }, 'retry-payout-key-1');
    expect(answerOf(again)).toEqual(answerOf(first));

    const newId = first.data.withdrawal_id as string;
    await waitForState(ctx, newId, 'paid');
    expect((await wallets(ctx.t, m.id)).balance).toBe(afterRefund.balance - 53_000n);
    expect(await history(ctx, m)).toHaveLength(2);
    expect(await settlements(ctx, newId)).toEqual([{ kind: 'withdrawal_complete' }]);
    // Another key is another request: refused, the payout was retried once.
    expect(await post('adminretrypayout', { id: failed.id }, 'retry-payout-key-2')).toMatchObject({ status: 409 });
    await expectReconciled(ctx);
  });

  it('adminmarkpayoutpaid: a repeat answers the first request, and only one request waits for approval', async () => {
    const { id } = await approvedWithdrawal(ctx, { suffix: '38' });
    await waitFor(async () => (await payoutOf(ctx, id)).provider_answer === 'not-found');
    const lost = await payoutOf(ctx, id);
    const payload = { id: lost.id, reason: 'Paid on the M-Pesa portal', receipt: 'PORTAL5678' };

    const first = await post('adminmarkpayoutpaid', payload, 'mark-paid-key-1');
    expect(first).toMatchObject({ status: 202, resultcode: true, data: { kind: 'payout_paid', state: 'pending' } });
    const again = await post('adminmarkpayoutpaid', payload, 'mark-paid-key-1');
    expect(answerOf(again)).toEqual(answerOf(first));
    // The same key with another reason is another request: 409.
    expect(await post('adminmarkpayoutpaid', { ...payload, reason: 'Other' }, 'mark-paid-key-1')).toMatchObject({
      status: 409,
    });
    const requests = await ctx.t.sql<{ n: string }>(
      `SELECT count(*)::text AS n FROM approval_requests WHERE kind = 'payout_paid' AND target_ref = $1`,
      [lost.id],
    );
    expect(requests).toEqual([{ n: '1' }]);
    expect(await settlements(ctx, id)).toEqual([]);
  });

  it('adminmarkpayoutfailed: a repeat answers the first answer; amount and charge go back once', async () => {
    // The …38 phone (M-Pesa's queue times out: "not found") passes to a new member; payouts keep the phone they had.
    await ctx.t.sql(`UPDATE members SET phone = '+254711000038' WHERE phone = '+254700000038'`);
    const { m, id } = await approvedWithdrawal(ctx, { suffix: '38' });
    await waitFor(async () => (await payoutOf(ctx, id)).provider_answer === 'not-found');
    const lost = await payoutOf(ctx, id);
    const before = await wallets(ctx.t, m.id);

    const first = await post('adminmarkpayoutfailed', { id: lost.id, reason: 'Lost in M-Pesa' }, 'mark-failed-key-1');
    expect(first).toMatchObject({ status: 200, resultcode: true, data: { payout: { state: 'failed' } } });
    const again = await post('adminmarkpayoutfailed', { id: lost.id, reason: 'Lost in M-Pesa' }, 'mark-failed-key-1');
    expect(answerOf(again)).toEqual(answerOf(first));
    expect((await wallets(ctx.t, m.id)).balance).toBe(before.balance + 53_000n);
    expect(await settlements(ctx, id)).toEqual([{ kind: 'withdrawal_refund' }]);
    await expectReconciled(ctx);
  });
});
