import { describe, expect, it } from 'vitest';
import { runPayoutSweep } from '../src/modules/payouts/payouts.startup.ts';
import { callAction } from './harness.ts';
import { systemBalance, wallets } from './money-fixtures.ts';
import {
  approve,
  expectReconciled,
  history,
  notices,
  payee,
  payoutOf,
  payouts,
  postMpesa,
  setSetting,
  settlements,
  sleep,
  waitFor,
  waitForState,
  withdraw,
  withdrawOk,
  approvedWithdrawal,
} from './payouts-fixtures.ts';
import { usePayoutTestApp } from './payout-app.ts';

/**
 * Payouts through the M-Pesa simulator over HTTP (docs/money.md "Payouts", decision 032): every outcome the
 * simulator's test phones choose, each ending with a reconciled ledger. KES 500.00 from Jumbo carries a KES 30.00
 * charge in the test country; the hold is 530.00 until the payout settles.
 */
const ctx = usePayoutTestApp();

const RESULT_TIMEOUT_MS = 300_000;
const sweep = () => runPayoutSweep(ctx.t.app.deps);
const simPayout = (reference: string) => ctx.t.sim.mpesa.b2c.payouts.get(reference);

describe('a payout for every approved withdrawal', () => {
  it('pays by M-Pesa B2C once: receipt in the history, a notification, hold -> provider:payouts and house:fees', async () => {
    const m = await payee(ctx);
    const paidBefore = await systemBalance(ctx.t, 'provider:payouts');
    const feesBefore = await systemBalance(ctx.t, 'house:fees');
    const id = await withdrawOk(ctx, m, '500');
    expect((await wallets(ctx.t, m.id)).balance).toBe(1_000_000n - 53_000n);

    const approved = await approve(ctx, id);
    expect(approved).toMatchObject({ status: 200, resultcode: true });
    expect(approved.data.payout).toMatchObject({ provider: 'mpesa_b2c', reference: expect.stringMatching(/^TZP[0-9A-F]{24}$/) });
    expect(['sent', 'paid']).toContain(approved.data.payout.state);

    const paid = await waitForState(ctx, id, 'paid');
    const sim = simPayout(paid.reference);
    expect(sim).toMatchObject({ state: 'paid', amountMinor: 50_000n, phone: m.phone.slice(1) });
    expect(paid).toMatchObject({ receipt: sim?.receipt, settled_by: 'result', conversation_id: sim?.conversationId });
    expect(await history(ctx, m)).toMatchObject([{ Status: '2', Amount: '500.00', Receipt: sim?.receipt, Reason: null }]);
    expect((await notices(ctx, m)).at(-1)).toBe(
      `Your withdrawal of KES 500.00 has been paid to ${m.phone.slice(1)}. Receipt ${sim?.receipt}.`,
    );
    expect(await systemBalance(ctx.t, 'provider:payouts')).toBe(paidBefore + 50_000n);
    expect(await systemBalance(ctx.t, 'house:fees')).toBe(feesBefore + 3_000n);
    expect(await settlements(ctx, id)).toEqual([{ kind: 'withdrawal_complete' }]);
    const balance = await ctx.t.sql<{ balance_minor: string; source: string }>(
      `SELECT balance_minor::text, source FROM payout_balances WHERE provider = 'mpesa_b2c'`,
    );
    expect(balance[0]).toMatchObject({ source: 'payout result' });
    const exchanges = await ctx.t.sql<{ kind: string; body: Record<string, unknown> }>(
      'SELECT kind, body FROM payout_exchanges WHERE payout_id = $1 ORDER BY id',
      [paid.id],
    );
    expect(exchanges.map((e) => e.kind).sort()).toEqual(['ack', 'result', 'send']);
    expect(JSON.stringify(exchanges)).not.toContain(ctx.t.config.MPESA_SECURITY_CREDENTIAL ?? 'never');
    await expectReconciled(ctx);
  });

  it.each([
    ['01', 'We could not pay out right now. Please try again later.'],
    ['40', 'Your phone number is not registered on M-Pesa.'],
    ['04', 'Your M-Pesa number has reached its daily limit for receiving payments.'],
  ])('fails …%s and returns amount and charge to the wallet, with the reason in plain words', async (suffix, reason) => {
    const m = await payee(ctx, { suffix });
    const id = await withdrawOk(ctx, m, '500');
    expect((await approve(ctx, id)).status).toBe(200);
    const failed = await waitForState(ctx, id, 'failed');
    // The failure result is confirmed by the status query before the hold returns (decision 046).
    expect(failed).toMatchObject({ failure_reason: reason, settled_by: 'query', receipt: null });
    expect((await wallets(ctx.t, m.id)).balance).toBe(1_000_000n);
    expect(await history(ctx, m)).toMatchObject([{ Status: '1', Receipt: null, Reason: reason }]);
    expect((await notices(ctx, m)).at(-1)).toBe(
      `Your withdrawal of KES 500.00 could not be paid: ${reason} KES 530.00 (amount and charge) is back in your Jumbo wallet.`,
    );
    expect(await settlements(ctx, id)).toEqual([{ kind: 'withdrawal_refund' }]);
    await expectReconciled(ctx);
  });
});

describe('exactly once', () => {
  it('…37 (no result ever): sent, unknown after the result timeout, then paid by the status query', async () => {
    const { m, id } = await approvedWithdrawal(ctx, { suffix: '37' });
    expect(await payoutOf(ctx, id)).toMatchObject({ state: 'sent' });
    await sweep();
    expect(await payoutOf(ctx, id)).toMatchObject({ state: 'sent' });
    ctx.clock.advance(RESULT_TIMEOUT_MS + 1_000);
    await sweep();
    const paid = await waitForState(ctx, id, 'paid');
    expect(paid).toMatchObject({ settled_by: 'query', receipt: simPayout(paid.reference)?.receipt });
    expect(await history(ctx, m)).toMatchObject([{ Status: '2', Receipt: paid.receipt }]);
    expect(await settlements(ctx, id)).toEqual([{ kind: 'withdrawal_complete' }]);
    await expectReconciled(ctx);
  });

  it('…99 (result sent twice): paid once, the second result changes nothing', async () => {
    const { m, id } = await approvedWithdrawal(ctx, { suffix: '99' });
    const paid = await waitForState(ctx, id, 'paid');
    await waitFor(async () => simPayout(paid.reference)?.resultsSent === 2);
    await waitFor(async () => {
      const rows = await ctx.t.sql(`SELECT 1 FROM payout_exchanges WHERE payout_id = $1 AND kind = 'result'`, [paid.id]);
      return rows.length === 2;
    });
    expect(await settlements(ctx, id)).toEqual([{ kind: 'withdrawal_complete' }]);
    expect((await notices(ctx, m)).filter((msg) => msg.includes('has been paid'))).toHaveLength(1);
    await expectReconciled(ctx);
  });

  it('…55 (result delayed past the status query): the query pays it, the late result changes nothing', async () => {
    const { id } = await approvedWithdrawal(ctx, { suffix: '55' });
    ctx.clock.advance(RESULT_TIMEOUT_MS + 1_000);
    await sweep();
    const paid = await waitForState(ctx, id, 'paid');
    expect(paid.settled_by).toBe('query');
    expect(await ctx.t.sim.mpesa.b2c.releaseResults(paid.reference)).toBe(1);
    await waitFor(
      async () =>
        (await ctx.t.sql(`SELECT 1 FROM payout_exchanges WHERE payout_id = $1 AND kind = 'result'`, [paid.id])).length === 1,
    );
    expect(await payoutOf(ctx, id)).toMatchObject({ state: 'paid', settled_by: 'query' });
    expect(await settlements(ctx, id)).toEqual([{ kind: 'withdrawal_complete' }]);
    await expectReconciled(ctx);
  });

  it('…77 (result before the acknowledgement): parked, then applied once when the acknowledgement is recorded', async () => {
    const { id } = await approvedWithdrawal(ctx, { suffix: '77' });
    const paid = await waitForState(ctx, id, 'paid');
    expect(paid.settled_by).toBe('result');
    const parked = await ctx.t.sql<{ applied: boolean }>(
      'SELECT applied_at IS NOT NULL AS applied FROM payout_parked_results WHERE reference = $1',
      [paid.reference],
    );
    expect(parked).toEqual([{ applied: true }]);
    expect(await settlements(ctx, id)).toEqual([{ kind: 'withdrawal_complete' }]);
    await expectReconciled(ctx);
  });

  it('…38 (queue timeout): unknown, "not found" recorded, never sent again by the sweep: an operator marks it failed', async () => {
    const { m, id } = await approvedWithdrawal(ctx, { suffix: '38' });
    const lost = await waitForState(ctx, id, 'unknown');
    await waitFor(async () => (await payoutOf(ctx, id)).provider_answer === 'not-found');
    const queriesBefore = ctx.t.sim.mpesa.statusQueries.length;
    ctx.clock.advance(RESULT_TIMEOUT_MS + 1_000);
    await sweep();
    ctx.clock.advance(RESULT_TIMEOUT_MS + 1_000);
    await sweep();
    await sleep(100);
    // Waiting for an operator: not sent again (the simulator still holds the one queued-out request), not asked again.
    expect(await payoutOf(ctx, id)).toMatchObject({ state: 'unknown', provider_answer: 'not-found', reference: lost.reference });
    expect(simPayout(lost.reference)).toMatchObject({ state: 'queued-out', timeoutsSent: 1 });
    expect(ctx.t.sim.mpesa.statusQueries.length).toBe(queriesBefore);
    expect((await wallets(ctx.t, m.id)).balance).toBe(1_000_000n - 53_000n);
    const marked = await callAction(ctx.t.app, 'adminmarkpayoutfailed', {
      method: 'POST',
      token: ctx.operator.token,
      payload: { id: lost.id, reason: 'M-Pesa has no such payment' },
    });
    expect(marked).toMatchObject({ status: 200, resultcode: true, data: { payout: { state: 'failed' } } });
    expect(await payoutOf(ctx, id)).toMatchObject({ state: 'failed', settled_by: 'operator' });
    expect((await wallets(ctx.t, m.id)).balance).toBe(1_000_000n);
    expect(await settlements(ctx, id)).toEqual([{ kind: 'withdrawal_refund' }]);
    await expectReconciled(ctx);
  });

  it('a gateway error after M-Pesa took the payment (503): unknown, and the status query pays it once', async () => {
    const m = await payee(ctx);
    const id = await withdrawOk(ctx, m, '500');
    ctx.t.sim.mpesa.b2c.behaviour.holdResults = true;
    ctx.t.sim.mpesa.b2c.faults.push('error-after');
    try {
      await approve(ctx, id);
      expect(await payoutOf(ctx, id)).toMatchObject({ state: 'unknown', conversation_id: null });
      await sweep();
      const paid = await waitForState(ctx, id, 'paid');
      expect(paid.settled_by).toBe('query');
    } finally {
      ctx.t.sim.mpesa.b2c.behaviour.holdResults = false;
    }
    await ctx.t.sim.mpesa.b2c.releaseResults();
    await sleep(100);
    expect(await settlements(ctx, id)).toEqual([{ kind: 'withdrawal_complete' }]);
    await expectReconciled(ctx);
  });

  it('spike arrest (not taken): unknown, "not found" waits for an operator, whose retry pays it once as a new payout', async () => {
    const m = await payee(ctx);
    const id = await withdrawOk(ctx, m, '500');
    ctx.t.sim.mpesa.b2c.faults.push('spike-arrest');
    await approve(ctx, id);
    const lost = await payoutOf(ctx, id);
    expect(lost.state).toBe('unknown');
    expect(simPayout(lost.reference)).toBeUndefined();
    ctx.clock.advance(RESULT_TIMEOUT_MS + 1_000);
    await sweep();
    await waitFor(async () => (await payoutOf(ctx, id)).provider_answer === 'not-found');
    ctx.clock.advance(RESULT_TIMEOUT_MS + 1_000);
    await sweep();
    await sleep(100);
    expect(await payoutOf(ctx, id)).toMatchObject({ state: 'unknown' });
    expect(simPayout(lost.reference)).toBeUndefined();
    const retried = await callAction(ctx.t.app, 'adminretrypayout', {
      method: 'POST',
      token: ctx.operator.token,
      payload: { id: lost.id },
    });
    expect(retried).toMatchObject({ status: 200, resultcode: true, data: { approval_id: null } });
    const newId = retried.data.withdrawal_id as string;
    const paid = await waitForState(ctx, newId, 'paid');
    expect(paid.reference).not.toBe(lost.reference);
    expect(await payoutOf(ctx, id)).toMatchObject({ state: 'failed', settled_by: 'operator' });
    expect(await settlements(ctx, id)).toEqual([{ kind: 'withdrawal_refund' }]);
    expect(await settlements(ctx, newId)).toEqual([{ kind: 'withdrawal_complete' }]);
    expect((await wallets(ctx.t, m.id)).balance).toBe(1_000_000n - 53_000n);
    await expectReconciled(ctx);
  });

  it('20 concurrent approvals of one withdrawal start one payout and pay once', async () => {
    const m = await payee(ctx);
    const id = await withdrawOk(ctx, m, '500');
    const answers = await Promise.all(Array.from({ length: 20 }, () => approve(ctx, id)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
    const paid = await waitForState(ctx, id, 'paid');
    expect(await payouts(ctx, id)).toHaveLength(1);
    expect([...ctx.t.sim.mpesa.b2c.payouts.values()].filter((p) => p.originatorConversationId === paid.reference)).toHaveLength(
      1,
    );
    expect(await settlements(ctx, id)).toEqual([{ kind: 'withdrawal_complete' }]);
    await expectReconciled(ctx);
  });

  it('forged and replayed results change nothing; a wrong path is 404', async () => {
    const { m, id } = await approvedWithdrawal(ctx);
    const paid = await waitForState(ctx, id, 'paid');
    const sim = simPayout(paid.reference)!;
    const genuine = ctx.t.sim.mpesa.b2c.resultBody(sim);
    // The same result again, and a failure for the same payout: a paid payout is final.
    expect(await postMpesa(ctx, 'b2c-result', genuine)).toBe(200);
    const failure = { Result: { ...genuine.Result, ResultCode: 2040, ResultDesc: 'forged', ResultParameters: undefined } };
    expect(await postMpesa(ctx, 'b2c-result', failure)).toBe(200);
    // A success for a reference we never made is parked and never applied.
    const stranger = {
      Result: { ...genuine.Result, OriginatorConversationID: 'TZPFORGED000000000000000', ConversationID: 'AG_forged' },
    };
    expect(await postMpesa(ctx, 'b2c-result', stranger)).toBe(200);
    expect(await postMpesa(ctx, 'b2c-result', genuine, 'not-the-secret-at-all')).toBe(404);
    expect(await payoutOf(ctx, id)).toMatchObject({ state: 'paid', receipt: paid.receipt });
    expect(await settlements(ctx, id)).toEqual([{ kind: 'withdrawal_complete' }]);
    expect((await wallets(ctx.t, m.id)).balance).toBe(1_000_000n - 53_000n);
    await expectReconciled(ctx);
  });

  it('a success with another ConversationID is not trusted: the status query decides', async () => {
    const m = await payee(ctx);
    const id = await withdrawOk(ctx, m, '500');
    ctx.t.sim.mpesa.b2c.behaviour.holdResults = true;
    try {
      await approve(ctx, id);
      const sent = await payoutOf(ctx, id);
      expect(sent.state).toBe('sent');
      const genuine = ctx.t.sim.mpesa.b2c.resultBody(simPayout(sent.reference)!);
      const forged = { Result: { ...genuine.Result, ConversationID: 'AG_20260101_forged00000' } };
      expect(await postMpesa(ctx, 'b2c-result', forged)).toBe(200);
      const paid = await waitForState(ctx, id, 'paid');
      expect(paid.settled_by).toBe('query');
    } finally {
      ctx.t.sim.mpesa.b2c.behaviour.holdResults = false;
      await ctx.t.sim.mpesa.b2c.releaseResults();
    }
    expect(await settlements(ctx, id)).toEqual([{ kind: 'withdrawal_complete' }]);
    await expectReconciled(ctx);
  });
});

describe('limits and decisions', () => {
  it('refuses at request time what M-Pesa cannot pay: cents, above the largest payment', async () => {
    const m = await payee(ctx, { balanceMinor: 30_000_000n });
    expect(await withdraw(ctx, m, '500.50')).toMatchObject({
      status: 422,
      msg: 'M-Pesa pays whole shillings only. Enter an amount without cents, for example 500.',
    });
    expect(await withdraw(ctx, m, '250001')).toMatchObject({
      status: 422,
      msg: 'The largest M-Pesa B2C payout is KES 250,000.00; withdraw a smaller amount',
    });
    expect((await wallets(ctx.t, m.id)).balance).toBe(30_000_000n);
  });

  it('refuses an approval above the daily limit and sends nothing; the withdrawal stays pending', async () => {
    await setSetting(ctx.t, 'payouts.limits', {
      mpesa_b2c: { minimum: '10.00', perPayment: '250000.00', perDay: '800.00' },
      flutterwave: { minimum: '10.00', perPayment: '1000000.00', perDay: '2000000.00' },
    });
    try {
      const m = await payee(ctx);
      const first = await withdrawOk(ctx, m, '500');
      const second = await withdrawOk(ctx, m, '400');
      expect((await approve(ctx, first)).status).toBe(200);
      expect(await approve(ctx, second)).toMatchObject({
        status: 422,
        msg: 'M-Pesa B2C pays at most KES 800.00 a day to one member; KES 500.00 is already paid or on its way today. Approve it tomorrow.',
      });
      expect(await payouts(ctx, second)).toEqual([]);
      await waitForState(ctx, first, 'paid');
      expect((await history(ctx, m)).map((row) => row.Status)).toEqual(['0', '2']);
      // Declining it still works, and refunds in full.
      expect(
        await callAction(ctx.t.app, 'updatetrans', {
          method: 'POST',
          token: ctx.operator.token,
          payload: { tid: second, value: 1 },
        }),
      ).toMatchObject({ status: 200 });
    } finally {
      await setSetting(ctx.t, 'payouts.limits', {
        mpesa_b2c: { minimum: '10.00', perPayment: '250000.00', perDay: '500000.00' },
        flutterwave: { minimum: '10.00', perPayment: '1000000.00', perDay: '2000000.00' },
      });
    }
    await expectReconciled(ctx);
  });

  it('refuses to decline (or complete by hand) a withdrawal whose payout is on its way', async () => {
    const m = await payee(ctx, { suffix: '36' });
    const id = await withdrawOk(ctx, m, '500');
    ctx.t.sim.mpesa.b2c.behaviour.holdResults = true;
    try {
      await approve(ctx, id);
      const decline = await callAction(ctx.t.app, 'updatetrans', {
        method: 'POST',
        token: ctx.operator.token,
        payload: { tid: id, value: 1 },
      });
      expect(decline).toMatchObject({ status: 409 });
      expect(await approve(ctx, id)).toMatchObject({ status: 409 });
    } finally {
      ctx.t.sim.mpesa.b2c.behaviour.holdResults = false;
      await ctx.t.sim.mpesa.b2c.releaseResults();
    }
    await waitForState(ctx, id, 'paid');
    await expectReconciled(ctx);
  });

  it('a country paid by hand keeps today’s behaviour: approving completes the withdrawal, no payout is made', async () => {
    await setSetting(ctx.t, 'payouts.providers', { ZU: 'flutterwave' });
    try {
      const m = await payee(ctx);
      const id = await withdrawOk(ctx, m, '500');
      expect(await approve(ctx, id)).toMatchObject({ status: 200, data: { id, status: '2' } });
      expect(await payouts(ctx, id)).toEqual([]);
      expect(await history(ctx, m)).toMatchObject([{ Status: '2', Receipt: null, Reason: null }]);
    } finally {
      await setSetting(ctx.t, 'payouts.providers', { ZK: 'mpesa_b2c', ZU: 'flutterwave' });
    }
    await expectReconciled(ctx);
  });
});

describe('four-eyes', () => {
  it('a withdrawal above the threshold is paid once a second operator approves it', async () => {
    const m = await payee(ctx, { balanceMinor: 3_000_000n });
    const id = await withdrawOk(ctx, m, '20000');
    const asked = await approve(ctx, id);
    expect(asked).toMatchObject({ status: 202, data: { state: 'pending', kind: 'withdrawal' } });
    expect(await payouts(ctx, id)).toEqual([]);
    const approved = await callAction(ctx.t.app, 'adminapproverequest', {
      method: 'POST',
      token: ctx.secondOperator.token,
      payload: { id: asked.data.approval_id },
    });
    expect(approved).toMatchObject({ status: 200, data: { state: 'approved' } });
    const paid = await waitForState(ctx, id, 'paid');
    const approvalId = await ctx.t.sql<{ approval_id: string; approved_by: string }>(
      'SELECT approval_id::text, approved_by::text FROM payouts WHERE id = $1',
      [paid.id],
    );
    expect(approvalId[0]).toEqual({ approval_id: asked.data.approval_id, approved_by: ctx.secondOperator.id.toString() });
    expect(await history(ctx, m)).toMatchObject([{ Status: '2', Amount: '20000.00', Receipt: paid.receipt }]);
    expect(await settlements(ctx, id)).toEqual([{ kind: 'withdrawal_complete' }]);
    await expectReconciled(ctx);
  });
});
