import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAction } from './harness.ts';
import {
  expectReconciled,
  history,
  notices,
  payee,
  payoutOf,
  settlements,
  startPayoutTestApp,
  waitFor,
  withdrawOk,
  approve,
  type PayoutTestContext,
} from './payouts-fixtures.ts';

/**
 * "Mark paid outside Tuzo" (decision 033) against the M-Pesa simulator over HTTP: one operator asks with a reason, a
 * different operator approves, the payout is settled as paid once, and a provider result that arrives later changes
 * nothing. The simulator's …55 phone holds the B2C result until the test releases it.
 */
let ctx: PayoutTestContext;
beforeAll(async () => {
  ctx = await startPayoutTestApp();
});
afterAll(async () => ctx.t.close());

const RESULT_TIMEOUT_MS = 300_000;
const mark = (payload: Record<string, unknown>, token = ctx.operator.token) =>
  callAction(ctx.t.app, 'adminmarkpayoutpaid', { method: 'POST', token, payload });
const approveRequest = (id: string, token: string) =>
  callAction(ctx.t.app, 'adminapproverequest', { method: 'POST', token, payload: { id } });

describe('mark paid outside Tuzo', () => {
  it('asks with a reason, refuses self-approval, settles once on a second operator’s approval; a late result changes nothing', async () => {
    const m = await payee(ctx, { suffix: '55' });
    const id = await withdrawOk(ctx, m, '500');
    await approve(ctx, id);
    const sent = await payoutOf(ctx, id);
    expect(sent.state).toBe('sent');

    // Still waiting for its result: not yet.
    const early = await mark({ id: sent.id, reason: 'Paid on the M-Pesa portal' });
    expect(early).toMatchObject({ status: 409, resultcode: false });
    expect(early.msg).toContain('still waiting');
    // A reason is required.
    expect(await mark({ id: sent.id })).toMatchObject({ status: 400, resultcode: false, msg: expect.stringContaining('reason') });

    ctx.clock.advance(RESULT_TIMEOUT_MS + 1_000);
    const asked = await mark({ id: sent.id, reason: 'Paid on the M-Pesa portal', receipt: 'PORTAL1234' });
    expect(asked).toMatchObject({ status: 202, resultcode: true, data: { state: 'pending', kind: 'payout_paid' } });
    const approvalId = asked.data.approval_id as string;
    // Four-eyes at any amount: the answer names no threshold.
    expect(asked.msg).toBe(`Marked paid outside Tuzo: request #${approvalId} waits for a second operator to approve it`);
    // One pending request per payout.
    expect(await mark({ id: sent.id, reason: 'Again' })).toMatchObject({ status: 409 });
    // Nothing moved yet.
    expect(await payoutOf(ctx, id)).toMatchObject({ state: 'sent' });
    expect(await settlements(ctx, id)).toEqual([]);

    // The operator who asked cannot approve it.
    expect(await approveRequest(approvalId, ctx.operator.token)).toMatchObject({ status: 403, resultcode: false });
    expect(await payoutOf(ctx, id)).toMatchObject({ state: 'sent' });

    const approved = await approveRequest(approvalId, ctx.secondOperator.token);
    expect(approved).toMatchObject({ status: 200, data: { state: 'approved' } });
    expect(await payoutOf(ctx, id)).toMatchObject({ state: 'paid', settled_by: 'operator', receipt: 'PORTAL1234' });
    expect(await settlements(ctx, id)).toEqual([{ kind: 'withdrawal_complete' }]);
    expect(await history(ctx, m)).toMatchObject([{ Status: '2', Receipt: 'PORTAL1234' }]);
    expect((await notices(ctx, m)).filter((msg) => msg.includes('has been paid'))).toHaveLength(1);
    const audit = await ctx.t.sql<{ actor_id: string; after: Record<string, unknown> }>(
      `SELECT actor_id::text, after FROM audit_log WHERE action = 'payout.paid_outside' AND target_id = $1`,
      [sent.id],
    );
    expect(audit).toEqual([
      {
        actor_id: ctx.secondOperator.id.toString(),
        after: expect.objectContaining({
          reason: 'Paid on the M-Pesa portal',
          requestedBy: ctx.operator.id.toString(),
          approvedBy: ctx.secondOperator.id.toString(),
        }),
      },
    ]);
    await expectReconciled(ctx);

    // The provider's own result arrives late: recorded, changes nothing.
    expect(await ctx.t.sim.mpesa.b2c.releaseResults(sent.reference)).toBe(1);
    await waitFor(
      async () =>
        (await ctx.t.sql(`SELECT 1 FROM payout_exchanges WHERE payout_id = $1 AND kind = 'result'`, [sent.id])).length === 1,
    );
    expect(await payoutOf(ctx, id)).toMatchObject({ state: 'paid', settled_by: 'operator', receipt: 'PORTAL1234' });
    expect(await settlements(ctx, id)).toEqual([{ kind: 'withdrawal_complete' }]);
    expect((await notices(ctx, m)).filter((msg) => msg.includes('has been paid'))).toHaveLength(1);
    // A decided request is not approved twice; a paid payout is not marked again.
    expect(await approveRequest(approvalId, ctx.secondOperator.token)).toMatchObject({ status: 409 });
    expect(await mark({ id: sent.id, reason: 'Once more' })).toMatchObject({ status: 409, msg: 'This payout is already paid' });
    await expectReconciled(ctx);
  });

  it('refuses a failed payout: its hold is already back in the wallet', async () => {
    const m = await payee(ctx, { suffix: '40' });
    const id = await withdrawOk(ctx, m, '500');
    await approve(ctx, id);
    const failed = await waitFor(async () => {
      const row = await payoutOf(ctx, id);
      return row.state === 'failed' ? row : null;
    });
    const answer = await mark({ id: failed!.id, reason: 'Paid on the portal' });
    expect(answer).toMatchObject({ status: 409, resultcode: false });
    expect(answer.msg).toContain('failed');
    expect(await mark({ id: '999999999', reason: 'Paid on the portal' })).toMatchObject({ status: 404 });
    await expectReconciled(ctx);
  });
});
