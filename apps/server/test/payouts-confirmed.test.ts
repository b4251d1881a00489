import { describe, expect, it } from 'vitest';
import { runPayoutSweep } from '../src/modules/payouts/payouts.startup.ts';
import { callAction } from './harness.ts';
import { wallets } from './money-fixtures.ts';
import {
  approve,
  expectReconciled,
  notices,
  payee,
  payoutOf,
  postMpesa,
  settlements,
  sleep,
  waitFor,
  waitForState,
  withdrawOk,
  approvedWithdrawal,
} from './payouts-fixtures.ts';
import { usePayoutTestApp } from './payout-app.ts';

/**
 * Payout results that change money are confirmed with the provider (decision 046), against the simulators over HTTP:
 * a forged B2C failure with the payout's real ids (as the member's data export used to show them) returns nothing
 * while M-Pesa paid; a result or a provider answer for another receiver or amount moves nothing and alerts the
 * operators; the member's data export carries no provider ids and no staff ids. KES 500.00 from Jumbo carries a KES
 * 30.00 charge in the test country (hold 530.00).
 */
const ctx = usePayoutTestApp({
  setUp: async (ctx) => {
    ctx.t.sim.flutterwave.transfers.behaviour.transferDelayMs = 20;
  },
});

const RESULT_TIMEOUT_MS = 300_000;
const simPayout = (reference: string) => ctx.t.sim.mpesa.b2c.payouts.get(reference);
const paidNotices = async (m: Parameters<typeof notices>[1]) =>
  (await notices(ctx, m)).filter((msg) => msg.includes('has been paid'));
const alertsOf = (payoutId: string) =>
  ctx.t.sql<{ kind: string; detail: string }>('SELECT kind, detail FROM money_alerts WHERE payout_id = $1 ORDER BY id', [
    payoutId,
  ]);

describe('a forged B2C failure', () => {
  it('with the real ids, while M-Pesa paid: the status query decides, nothing returns to the wallet, paid once', async () => {
    const { m, id } = await approvedWithdrawal(ctx, { suffix: '55' });
    const sent = await waitForState(ctx, id, 'sent');
    const sim = simPayout(sent.reference);
    expect(sim).toMatchObject({ state: 'paid' });
    // The ids an older data export gave the member: OriginatorConversationID and ConversationID.
    const forged = {
      Result: {
        ResultType: 0,
        ResultCode: 2040,
        ResultDesc: "Credit Party customer type (Unregistered or Registered Customer) can't be supported by the service.",
        OriginatorConversationID: sent.reference,
        ConversationID: sent.conversation_id,
        TransactionID: 'FORGED0001',
      },
    };
    expect(await postMpesa(ctx, 'b2c-result', forged)).toBe(200);
    const paid = await waitForState(ctx, id, 'paid');
    expect(paid).toMatchObject({ settled_by: 'query', receipt: sim?.receipt, provider_answer: 'completed' });
    expect((await wallets(ctx.t, m.id)).balance).toBe(1_000_000n - 53_000n);
    expect(await settlements(ctx, id)).toEqual([{ kind: 'withdrawal_complete' }]);
    // M-Pesa's own (held) result and the forgery again change nothing.
    await ctx.t.sim.mpesa.b2c.releaseResults(sent.reference);
    expect(await postMpesa(ctx, 'b2c-result', forged)).toBe(200);
    await sleep(150);
    expect((await wallets(ctx.t, m.id)).balance).toBe(1_000_000n - 53_000n);
    expect(await settlements(ctx, id)).toEqual([{ kind: 'withdrawal_complete' }]);
    expect(await paidNotices(m)).toHaveLength(1);
    expect(simPayout(sent.reference)).toMatchObject({ state: 'paid' });
    await expectReconciled(ctx);
  });

  it('a genuine failure is confirmed by the status query before the hold returns', async () => {
    const { m, id } = await approvedWithdrawal(ctx, { suffix: '01' });
    const failed = await waitForState(ctx, id, 'failed');
    expect(failed).toMatchObject({ settled_by: 'query', provider_answer: 'failed' });
    const kinds = await ctx.t.sql<{ kind: string }>('SELECT kind FROM payout_exchanges WHERE payout_id = $1 ORDER BY id', [
      failed.id,
    ]);
    expect(kinds.map((row) => row.kind)).toEqual(['send', 'ack', 'result', 'query', 'query_ack', 'query_result']);
    expect((await wallets(ctx.t, m.id)).balance).toBe(1_000_000n);
    expect(await settlements(ctx, id)).toEqual([{ kind: 'withdrawal_refund' }]);
    await expectReconciled(ctx);
  });
});

describe('results matched to the payout’s receiver and amount', () => {
  it('a B2C success for another receiver or amount settles nothing: alerted, and the status query decides', async () => {
    const m = await payee(ctx);
    const id = await withdrawOk(ctx, m, '500');
    ctx.t.sim.mpesa.b2c.behaviour.holdResults = true;
    try {
      await approve(ctx, id);
    } finally {
      ctx.t.sim.mpesa.b2c.behaviour.holdResults = false;
    }
    const sent = await waitForState(ctx, id, 'sent');
    const sim = simPayout(sent.reference)!;
    const genuine = ctx.t.sim.mpesa.b2c.resultBody(sim) as {
      Result: { ResultParameters: { ResultParameter: Array<{ Key: string; Value?: unknown }> } };
    };
    const altered = (key: string, value: unknown) => {
      const body = structuredClone(genuine);
      body.Result.ResultParameters.ResultParameter = body.Result.ResultParameters.ResultParameter.map((item) =>
        item.Key === key
          ? { Key: key, Value: value }
          : item.Key === 'TransactionReceipt'
            ? { Key: item.Key, Value: 'FORGED0002' }
            : item,
      );
      return body;
    };
    // M-Pesa answers our status queries a little later here, so both altered results arrive while the payout is sent.
    ctx.t.sim.mpesa.behaviour.callbackDelayMs = 400;
    try {
      await postMpesa(ctx, 'b2c-result', altered('ReceiverPartyPublicName', '254799999999 - SOMEONE ELSE'));
      await postMpesa(ctx, 'b2c-result', altered('TransactionAmount', 5000));
      expect(await settlements(ctx, id)).toEqual([]);
    } finally {
      ctx.t.sim.mpesa.behaviour.callbackDelayMs = 20;
    }
    const paid = await waitForState(ctx, id, 'paid');
    // Settled by M-Pesa's own answer to our query, with its receipt, never by the altered results.
    expect(paid).toMatchObject({ settled_by: 'query', receipt: sim.receipt });
    const alerts = await alertsOf(sent.id);
    expect(alerts.map((alert) => alert.kind)).toEqual(['payout_mismatch', 'payout_mismatch']);
    expect(alerts[0]?.detail).toContain('254799999999');
    expect(alerts[1]?.detail).toContain('KES 5000.00');
    expect(await settlements(ctx, id)).toEqual([{ kind: 'withdrawal_complete' }]);
    await ctx.t.sim.mpesa.b2c.releaseResults(sent.reference);
    await expectReconciled(ctx);
  });

  it('M-Pesa’s status answer naming another receiver moves nothing: the payout stays unknown, operators alerted', async () => {
    const { m, id } = await approvedWithdrawal(ctx, { suffix: '37' });
    const sent = await waitForState(ctx, id, 'sent');
    // M-Pesa paid another number than the payout's (what its records say is what its answer says).
    simPayout(sent.reference)!.phone = '254799999998';
    ctx.clock.advance(RESULT_TIMEOUT_MS + 1_000);
    await runPayoutSweep(ctx.t.app.deps);
    const alert = await waitFor(async () => (await alertsOf(sent.id))[0] ?? null);
    expect(alert).toMatchObject({ kind: 'payout_mismatch', detail: expect.stringContaining('254799999998') });
    expect(await payoutOf(ctx, id)).toMatchObject({ state: 'unknown', provider_answer: null });
    expect(await settlements(ctx, id)).toEqual([]);
    expect((await wallets(ctx.t, m.id)).balance).toBe(1_000_000n - 53_000n);
    const operatorMessages = await notices(ctx, ctx.operator);
    expect(operatorMessages.some((msg) => msg.includes('does not match'))).toBe(true);
    await expectReconciled(ctx);
  });

  it('a Flutterwave transfer to another account, in another currency or of another amount moves nothing', async () => {
    const transfers = ctx.t.sim.flutterwave.transfers;
    transfers.behaviour.holdTransfers = true;
    const cases: Array<[string, (transfer: { accountNumber: string; currency: string; amountMinor: bigint }) => void]> = [
      ['account', (transfer) => void (transfer.accountNumber = '256700000999')],
      ['currency', (transfer) => void (transfer.currency = 'KES')],
      ['amount', (transfer) => void (transfer.amountMinor = 2_000_000n)],
    ];
    try {
      for (const [what, change] of cases) {
        const { id } = await approvedWithdrawal(ctx, { countryId: ctx.c.ugx }, '10000');
        const sent = await payoutOf(ctx, id);
        const transfer = [...transfers.transfers.values()].find((t) => t.reference === sent.reference)!;
        change(transfer);
        await transfers.releaseTransfers();
        const alert = await waitFor(async () => (await alertsOf(sent.id))[0] ?? null);
        expect(alert, what).toMatchObject({ kind: 'payout_mismatch' });
        expect((await payoutOf(ctx, id)).state, what).not.toBe('paid');
        expect(await settlements(ctx, id), what).toEqual([]);
      }
    } finally {
      transfers.behaviour.holdTransfers = false;
    }
    await expectReconciled(ctx);
  });
});

describe('the member’s data export', () => {
  it('carries no provider ids (conversation, originator, query ids) and no staff ids', async () => {
    const { m, id } = await approvedWithdrawal(ctx);
    const paid = await waitForState(ctx, id, 'paid');
    const [row] = await ctx.t.sql<{ reference: string; conversation_id: string; approved_by: string }>(
      'SELECT reference, conversation_id, approved_by::text FROM payouts WHERE id = $1',
      [paid.id],
    );
    expect(row?.approved_by).toBe(ctx.operator.id.toString());
    const answer = await callAction(ctx.t.app, 'mydata', { token: m.token, query: { format: 'json' } });
    expect(answer).toMatchObject({ status: 200 });
    const content = answer.data.content as string;
    const file = JSON.parse(content) as { sections: Record<string, Array<Record<string, string | null>>> };
    const [payout] = file.sections.payouts ?? [];
    expect(payout).toMatchObject({ state: 'paid', receipt: paid.receipt });
    for (const column of ['reference', 'conversation_id', 'query_conversation_id', 'approved_by', 'approval_id'])
      expect(payout, column).not.toHaveProperty(column);
    expect(file.sections.withdrawals?.[0]).not.toHaveProperty('decided_by');
    expect(content).not.toContain(row!.reference);
    expect(content).not.toContain(row!.conversation_id);
    await expectReconciled(ctx);
  });
});
