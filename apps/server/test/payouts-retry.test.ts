import { describe, expect, it } from 'vitest';
import { callAction } from './harness.ts';
import { wallets } from './money-fixtures.ts';
import {
  approve,
  expectReconciled,
  history,
  payee,
  payoutOf,
  settlements,
  waitForState,
  withdrawOk,
  approvedWithdrawal,
} from './payouts-fixtures.ts';
import { usePayoutTestApp } from './payout-app.ts';

/**
 * Retry of a failed payout (decision 033) against the M-Pesa simulator over HTTP: the hold is taken again as a new
 * withdrawal and paid, four-eyes above the threshold; refused when the wallet no longer has it, and once retried.
 * A retry pays the phone recorded when the member asked (decision 045), so the failures retried here are M-Pesa's
 * utility account running dry (topped up before the retry); the …40 phone is "not registered on M-Pesa".
 */
const ctx = usePayoutTestApp();

const retry = (id: string, token = ctx.operator.token) =>
  callAction(ctx.t.app, 'adminretrypayout', { method: 'POST', token, payload: { id } });
/** The B2C utility account empty (every payout fails as "balance insufficient") or topped up again. */
const setUtility = (minor: bigint) => void (ctx.t.sim.mpesa.b2c.utilityBalanceMinor = minor);

describe('retry of a failed payout', () => {
  it('takes the hold again as a new withdrawal and pays it to the phone asked for; a second retry is refused', async () => {
    const m = await payee(ctx);
    const id = await withdrawOk(ctx, m, '500');
    const utility = ctx.t.sim.mpesa.b2c.utilityBalanceMinor;
    setUtility(0n);
    await approve(ctx, id);
    const failed = await waitForState(ctx, id, 'failed');
    setUtility(utility);
    const afterRefund = await wallets(ctx.t, m.id);
    const answer = await retry(failed.id);
    expect(answer).toMatchObject({ status: 200, resultcode: true, data: { approval_id: null } });
    const newId = answer.data.withdrawal_id as string;
    expect(newId).not.toBe(id);
    const paid = await waitForState(ctx, newId, 'paid');
    expect(ctx.t.sim.mpesa.b2c.payouts.get(paid.reference)?.phone).toBe(m.phone.replace(/^\+/, ''));
    expect(await history(ctx, m)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ Status: '1' }),
        expect.objectContaining({ Status: '2', Receipt: paid.receipt }),
      ]),
    );
    expect((await wallets(ctx.t, m.id)).balance).toBe(afterRefund.balance - 53_000n);
    expect(await settlements(ctx, id)).toEqual([{ kind: 'withdrawal_refund' }]);
    expect(await settlements(ctx, newId)).toEqual([{ kind: 'withdrawal_complete' }]);
    const again = await retry(failed.id);
    expect(again).toMatchObject({ status: 409, resultcode: false });
    expect(again.msg).toContain('already retried');
    // Only a failed payout is retried.
    expect(await retry(paid.id)).toMatchObject({ status: 409, msg: 'Only a failed payout can be retried' });
    await expectReconciled(ctx);
  });

  it('is refused when the wallet no longer holds amount and charge; nothing moves', async () => {
    const { m, id } = await approvedWithdrawal(ctx, { suffix: '40', balanceMinor: 53_000n });
    const failed = await waitForState(ctx, id, 'failed');
    await withdrawOk(ctx, m, '500');
    const answer = await retry(failed.id);
    expect(answer.status).toBe(422);
    expect(answer.msg).toContain('no longer holds');
    expect((await history(ctx, m)).length).toBe(2);
    await expectReconciled(ctx);
  });

  it('above the four-eyes threshold a second operator approves the retry', async () => {
    const m = await payee(ctx, { balanceMinor: 3_000_000n });
    const id = await withdrawOk(ctx, m, '20000');
    const asked = await approve(ctx, id);
    const utility = ctx.t.sim.mpesa.b2c.utilityBalanceMinor;
    setUtility(0n);
    await callAction(ctx.t.app, 'adminapproverequest', {
      method: 'POST',
      token: ctx.secondOperator.token,
      payload: { id: asked.data.approval_id },
    });
    const failed = await waitForState(ctx, id, 'failed');
    setUtility(utility);
    const answer = await retry(failed.id);
    expect(answer).toMatchObject({ status: 202, data: { status: '0', payout: null } });
    const newId = answer.data.withdrawal_id as string;
    expect(await ctx.t.sql('SELECT 1 FROM payouts WHERE withdrawal_id = $1', [newId])).toEqual([]);
    const approvalId = answer.data.approval_id as string;
    // The asker may not approve their own request; the second operator may.
    for (const [by, status] of [
      [ctx.operator, 403],
      [ctx.secondOperator, 200],
    ] as const) {
      const payload = { id: approvalId };
      expect(await callAction(ctx.t.app, 'adminapproverequest', { method: 'POST', token: by.token, payload })).toMatchObject({
        status,
      });
    }
    const paid = await waitForState(ctx, newId, 'paid');
    expect(await payoutOf(ctx, newId)).toMatchObject({ id: paid.id });
    expect(await settlements(ctx, newId)).toEqual([{ kind: 'withdrawal_complete' }]);
    await expectReconciled(ctx);
  });
});
