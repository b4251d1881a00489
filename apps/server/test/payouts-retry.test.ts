import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAction } from './harness.ts';
import { wallets } from './money-fixtures.ts';
import {
  approve,
  expectReconciled,
  history,
  payee,
  payoutOf,
  settlements,
  startPayoutTestApp,
  waitForState,
  withdrawOk,
  type PayoutTestContext,
} from './payouts-fixtures.ts';

/**
 * Retry of a failed payout (decision 033) against the M-Pesa simulator over HTTP: the hold is taken again as a new
 * withdrawal and paid, four-eyes above the threshold; refused when the wallet no longer has it, and once retried.
 * The …40 phone is "not registered on M-Pesa": the member then registers a working phone.
 */
let ctx: PayoutTestContext;
beforeAll(async () => {
  ctx = await startPayoutTestApp();
});
afterAll(async () => ctx.t.close());

const retry = (id: string, token = ctx.operator.token) =>
  callAction(ctx.t.app, 'adminretrypayout', { method: 'POST', token, payload: { id } });
const fixPhone = (memberId: bigint) =>
  ctx.t.sql('UPDATE members SET phone = $2 WHERE id = $1', [memberId.toString(), `+2547${randomInt(11_000_000, 99_999_999)}`]);

describe('retry of a failed payout', () => {
  it('takes the hold again as a new withdrawal and pays it; a second retry is refused', async () => {
    const m = await payee(ctx, { suffix: '40' });
    const id = await withdrawOk(ctx, m, '500');
    await approve(ctx, id);
    const failed = await waitForState(ctx, id, 'failed');
    const afterRefund = await wallets(ctx.t, m.id);
    await fixPhone(m.id);
    const answer = await retry(failed.id);
    expect(answer).toMatchObject({ status: 200, resultcode: true, data: { approval_id: null } });
    const newId = answer.data.withdrawal_id as string;
    expect(newId).not.toBe(id);
    const paid = await waitForState(ctx, newId, 'paid');
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
    const m = await payee(ctx, { suffix: '40', balanceMinor: 53_000n });
    const id = await withdrawOk(ctx, m, '500');
    await approve(ctx, id);
    const failed = await waitForState(ctx, id, 'failed');
    await withdrawOk(ctx, m, '500');
    const answer = await retry(failed.id);
    expect(answer.status).toBe(422);
    expect(answer.msg).toContain('no longer holds');
    expect((await history(ctx, m)).length).toBe(2);
    await fixPhone(m.id); // frees the …40 phone for the next test
    await expectReconciled(ctx);
  });

  it('above the four-eyes threshold a second operator approves the retry', async () => {
    const m = await payee(ctx, { suffix: '40', balanceMinor: 3_000_000n });
    const id = await withdrawOk(ctx, m, '20000');
    const asked = await approve(ctx, id);
    await callAction(ctx.t.app, 'adminapproverequest', {
      method: 'POST',
      token: ctx.secondOperator.token,
      payload: { id: asked.data.approval_id },
    });
    const failed = await waitForState(ctx, id, 'failed');
    await fixPhone(m.id);
    const answer = await retry(failed.id);
    expect(answer).toMatchObject({ status: 202, data: { status: '0', payout: null } });
    const newId = answer.data.withdrawal_id as string;
    expect(await ctx.t.sql('SELECT 1 FROM payouts WHERE withdrawal_id = $1', [newId])).toEqual([]);
    const approvalId = answer.data.approval_id as string;
    expect(
      await callAction(ctx.t.app, 'adminapproverequest', {
        method: 'POST',
        token: ctx.operator.token,
        payload: { id: approvalId },
      }),
    ).toMatchObject({ status: 403 });
    expect(
      await callAction(ctx.t.app, 'adminapproverequest', {
        method: 'POST',
        token: ctx.secondOperator.token,
        payload: { id: approvalId },
      }),
    ).toMatchObject({ status: 200 });
    const paid = await waitForState(ctx, newId, 'paid');
    expect(await payoutOf(ctx, newId)).toMatchObject({ id: paid.id });
    expect(await settlements(ctx, newId)).toEqual([{ kind: 'withdrawal_complete' }]);
    await expectReconciled(ctx);
  });
});
