import { describe, expect, it } from 'vitest';
import { callAction } from './harness.ts';
import { expectReconciled, history, notices, payoutOf, settlements, waitFor, approvedWithdrawal } from './payouts-fixtures.ts';
import { usePayoutTestApp } from './payout-app.ts';

/**
 * "Mark paid outside Tuzo" (decision 033) against the M-Pesa simulator over HTTP: one operator asks with a reason, a
 * different operator approves, the payout is settled as paid once, and a provider result that arrives later changes
 * nothing but alerts the operators. Only after M-Pesa's status query answered "failed" or "not found" (decision 046):
 * the simulator's …38 phone times out in M-Pesa's queue (not found), …37 is paid but never posts its result.
 */
const ctx = usePayoutTestApp();

const RESULT_TIMEOUT_MS = 300_000;
const mark = (payload: Record<string, unknown>, token = ctx.operator.token) =>
  callAction(ctx.t.app, 'adminmarkpayoutpaid', { method: 'POST', token, payload });
const approveRequest = (id: string, token: string) =>
  callAction(ctx.t.app, 'adminapproverequest', { method: 'POST', token, payload: { id } });

describe('mark paid outside Tuzo', () => {
  it('needs the provider’s answer first: refused while M-Pesa was not asked, or says nothing of "not found"', async () => {
    const { id } = await approvedWithdrawal(ctx, { suffix: '37' });
    const sent = await payoutOf(ctx, id);
    expect(sent.state).toBe('sent');
    // Still waiting for its result: not yet.
    const early = await mark({ id: sent.id, reason: 'Paid on the M-Pesa portal' });
    expect(early).toMatchObject({ status: 409, resultcode: false });
    expect(early.msg).toContain('still waiting');
    // Overdue, but no status query answered yet: the provider may still be paying it.
    ctx.clock.advance(RESULT_TIMEOUT_MS + 1_000);
    const unasked = await mark({ id: sent.id, reason: 'Paid on the M-Pesa portal' });
    expect(unasked).toMatchObject({ status: 409, resultcode: false });
    expect(unasked.msg).toContain('Check with the provider first');
    const unmarked = await callAction(ctx.t.app, 'adminmarkpayoutfailed', {
      method: 'POST',
      token: ctx.operator.token,
      payload: { id: sent.id, reason: 'Looks lost' },
    });
    expect(unmarked).toMatchObject({ status: 409, msg: expect.stringContaining('Check with the provider first') });
    expect(await settlements(ctx, id)).toEqual([]);
    // Asked: M-Pesa paid it (…37 only never posts its result), so the answer settles it and nothing is marked.
    expect(
      await callAction(ctx.t.app, 'admincheckpayout', { method: 'POST', token: ctx.operator.token, payload: { id: sent.id } }),
    ).toMatchObject({ status: 200 });
    await waitFor(async () => (await payoutOf(ctx, id)).state === 'paid');
    expect(await payoutOf(ctx, id)).toMatchObject({ settled_by: 'query', provider_answer: 'completed' });
    expect(await mark({ id: sent.id, reason: 'Once more' })).toMatchObject({ status: 409, msg: 'This payout is already paid' });
    await expectReconciled(ctx);
  });

  it('with M-Pesa’s "not found": asks with a reason, refuses self-approval, settles once; a late success alerts the operators', async () => {
    const { m, id } = await approvedWithdrawal(ctx, { suffix: '38' });
    await waitFor(async () => (await payoutOf(ctx, id)).provider_answer === 'not-found');
    const lost = await payoutOf(ctx, id);
    expect(lost.state).toBe('unknown');
    // A reason is required.
    expect(await mark({ id: lost.id })).toMatchObject({ status: 400, resultcode: false, msg: expect.stringContaining('reason') });

    const asked = await mark({ id: lost.id, reason: 'Paid on the M-Pesa portal', receipt: 'PORTAL1234' });
    expect(asked).toMatchObject({ status: 202, resultcode: true, data: { state: 'pending', kind: 'payout_paid' } });
    const approvalId = asked.data.approval_id as string;
    // Four-eyes at any amount: the answer names no threshold.
    expect(asked.msg).toBe(`Marked paid outside Tuzo: request #${approvalId} waits for a second operator to approve it`);
    // One pending request per payout.
    expect(await mark({ id: lost.id, reason: 'Again' })).toMatchObject({ status: 409 });
    expect(await settlements(ctx, id)).toEqual([]);
    // The operator who asked cannot approve it.
    expect(await approveRequest(approvalId, ctx.operator.token)).toMatchObject({ status: 403, resultcode: false });
    expect(await payoutOf(ctx, id)).toMatchObject({ state: 'unknown' });

    const approved = await approveRequest(approvalId, ctx.secondOperator.token);
    expect(approved).toMatchObject({ status: 200, data: { state: 'approved' } });
    expect(await payoutOf(ctx, id)).toMatchObject({ state: 'paid', settled_by: 'operator', receipt: 'PORTAL1234' });
    expect(await settlements(ctx, id)).toEqual([{ kind: 'withdrawal_complete' }]);
    expect(await history(ctx, m)).toMatchObject([{ Status: '2', Receipt: 'PORTAL1234' }]);
    expect((await notices(ctx, m)).filter((msg) => msg.includes('has been paid'))).toHaveLength(1);
    const audit = await ctx.t.sql<{ actor_id: string; after: Record<string, unknown> }>(
      `SELECT actor_id::text, after FROM audit_log WHERE action = 'payout.paid_outside' AND target_id = $1`,
      [lost.id],
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

    // M-Pesa pays the queued payment after all: its success is confirmed by the status query, moves nothing, and
    // alerts the operators (a double payment to recover) on the console and by message.
    expect(await ctx.t.sim.mpesa.b2c.payLate(lost.reference)).toBe(true);
    const alert = await waitFor(async () => {
      const rows = await ctx.t.sql<{ id: string; kind: string; detail: string }>(
        `SELECT id::text, kind, detail FROM money_alerts WHERE payout_id = $1`,
        [lost.id],
      );
      return rows[0] ?? null;
    });
    expect(alert).toMatchObject({ kind: 'double_payment', detail: expect.stringContaining('paid twice') });
    expect(await payoutOf(ctx, id)).toMatchObject({ state: 'paid', settled_by: 'operator', receipt: 'PORTAL1234' });
    expect(await settlements(ctx, id)).toEqual([{ kind: 'withdrawal_complete' }]);
    expect((await notices(ctx, m)).filter((msg) => msg.includes('has been paid'))).toHaveLength(1);
    for (const operator of [ctx.operator, ctx.secondOperator]) {
      expect((await notices(ctx, operator)).some((msg) => msg.startsWith(`Money alert #${alert!.id}:`))).toBe(true);
    }
    const page = await callAction(ctx.t.app, 'adminpayout', { token: ctx.operator.token, query: { id: lost.id } });
    expect(page.data.payout).toMatchObject({ provider_answer: 'completed' });
    expect(page.data.alerts).toMatchObject([{ id: alert!.id, kind: 'double_payment' }]);
    const listed = await callAction(ctx.t.app, 'adminmoneyalerts', { token: ctx.operator.token });
    expect(listed.data.rows).toEqual(expect.arrayContaining([expect.objectContaining({ id: alert!.id, username: m.username })]));
    // A decided request is not approved twice; a paid payout is not marked again.
    expect(await approveRequest(approvalId, ctx.secondOperator.token)).toMatchObject({ status: 409 });
    expect(await mark({ id: lost.id, reason: 'Once more' })).toMatchObject({ status: 409, msg: 'This payout is already paid' });
    await expectReconciled(ctx);
  });

  it('refuses a failed payout: its hold is already back in the wallet', async () => {
    const { id } = await approvedWithdrawal(ctx, { suffix: '40' });
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
