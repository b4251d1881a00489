import { afterAll, describe, expect, it } from 'vitest';
import { minimumWithdrawalMessage, WITHDRAWAL_MESSAGES } from '@tuzo/contracts';
import { callAction } from './harness.ts';
import { statementsDuring } from './statements.ts';
import { createMember, fund, wallets, type TestMember } from './money-fixtures.ts';
import { expectReconciled, payee } from './payouts-fixtures.ts';
import { usePayoutTestApp } from './payout-app.ts';
import { activateAll, clusterIdOf, seen } from './clusters-fixtures.ts';
import { signalsPayload } from '../src/modules/fraud-signals/index.ts';
import { requestWithdrawal } from '../src/modules/withdrawals/index.ts';

/**
 * A withdrawal request's round trips after the session check (issue 28, decision 065), and each of its refusals,
 * answered as before. The request is one call, `withdrawal_request` (migration 0526): the reference copy's rules,
 * the key's replay, the refusals in their order, the phone-change hold, the signals, the hold and the risk flags. A
 * sighting the signals' SQL leaves to TypeScript takes a transaction around the same call. The file ends with the
 * reconcile.
 */
const ctx = usePayoutTestApp();
afterAll(async () => {
  if (ctx.t) await expectReconciled(ctx);
});

const withdraw = (m: TestMember, payload: unknown, headers: Record<string, string> = {}) =>
  callAction(ctx.t.app, 'systemwithdrawal', { method: 'POST', token: m.token, payload, headers });

/** Every statement any connection sends while the request runs, the session check and the shared rate limit left out. */
async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
  await ctx.t.app.deps.reference.at('0');
  return (await statementsDuring(work)).statements;
}

async function moved(m: TestMember): Promise<bigint> {
  return (await wallets(ctx.t, m.id)).balance;
}

describe('a withdrawal request: its round trips', () => {
  it('is one call after the session check (was 17 statements; 16 -> 13 up to the commit for a provider country)', async () => {
    const m = await payee(ctx, { balanceMinor: 100_000n });
    let status = 0;
    const statements = await statementsOf(async () => {
      status = (await withdraw(m, { acc: '1', amount: '500' })).status;
    });
    expect(status).toBe(200);
    // The request's own: one call. What follows is the auto-pay subscriber (decision 035): the brief, the setting.
    expect(statements[0]).toBe('SELECT withdrawal_request($1::jsonb) AS r');
    expect(statements).toHaveLength(3);
    expect(statements.filter((text) => /^(begin|commit)$/.test(text))).toEqual([]);
    const [row] = await ctx.t.sql<{ payout_phone: string; phone: string }>(
      'SELECT w.payout_phone, m.phone FROM withdrawals w JOIN members m ON m.id = w.member_id WHERE w.member_id = $1',
      [m.id.toString()],
    );
    expect(row!.payout_phone).toBe(row!.phone);
    const signals = await ctx.t.sql<{ kind: string }>(
      "SELECT kind FROM fraud_signals WHERE member_id = $1 AND event = 'withdrawal' ORDER BY kind",
      [m.id.toString()],
    );
    expect(signals.map((signal) => signal.kind)).toEqual(['ip', 'network', 'payout_phone']);
  });

  it('leaves a sighting that links two accounts of one line to the fraud-signals TypeScript, in one transaction', async () => {
    const sponsor = await createMember(ctx.t, { countryId: ctx.c.kes, prefix: 'linewd' });
    const recruit = await createMember(ctx.t, { countryId: ctx.c.kes, sponsor, prefix: 'linewd' });
    for (const m of [sponsor, recruit]) await fund(ctx.t, m.id, 50_000n, 'deposit');
    await activateAll(ctx, [sponsor, recruit]);
    const device = `linewd-device-${recruit.id}-0001`;
    await seen(ctx, sponsor, { device });
    await fund(ctx.t, recruit.id, 100_000n, 'balance');
    let status = 0;
    const statements = await statementsOf(async () => {
      status = (await withdraw(recruit, { acc: '1', amount: '500' }, { 'x-device-id': device })).status;
    });
    expect(status).toBe(200);
    const calls = statements.filter((text) => /^(begin|commit|SELECT withdrawal_request)/.test(text));
    expect(calls.map((text) => text.slice(0, 25))).toEqual([
      'SELECT withdrawal_request',
      'begin',
      'SELECT withdrawal_request',
      'commit',
    ]);
    // The TypeScript path linked the two accounts on the device (one line; their address is evidence only) and opened
    // their cluster as a case (decision 062), which flags the withdrawal in the same transaction.
    const links = await ctx.t.sql<{ kind: string; linking: boolean }>(
      "SELECT kind, linking FROM fraud_links WHERE member_a = $1 AND member_b = $2 AND kind = 'device'",
      [sponsor.id.toString(), recruit.id.toString()],
    );
    expect(links).toEqual([{ kind: 'device', linking: true }]);
    expect(await clusterIdOf(ctx, recruit)).toBe(await clusterIdOf(ctx, sponsor));
    const flags = await ctx.t.sql<{ kind: string }>(
      'SELECT f.kind FROM payout_risk_flags f JOIN withdrawals w ON w.id = f.withdrawal_id WHERE w.member_id = $1',
      [recruit.id.toString()],
    );
    expect(flags).toEqual([{ kind: 'cluster' }]);
    expect(await moved(recruit)).toBe(100_000n - 53_000n);
  });
  it('records the signals for the phone the member has: a phone the caller read before a change takes the TypeScript path', async () => {
    const m = await payee(ctx, { balanceMinor: 100_000n });
    const { deps } = ctx.t.app;
    let answer: { id: string } | null = null;
    const statements = await statementsOf(async () => {
      answer = await requestWithdrawal(deps, {
        memberId: m.id,
        countryId: ctx.c.kes,
        phone: '+254700000999', // read before the member's phone changed to m.phone
        acc: '1',
        amountLocalMinor: 50_000n,
        clientKey: null,
      });
    });
    expect(answer).not.toBeNull();
    const calls = statements.filter((text) => /^(begin|commit|SELECT withdrawal_request)/.test(text));
    expect(calls.map((text) => text.slice(0, 25))).toEqual([
      'SELECT withdrawal_request',
      'begin',
      'SELECT withdrawal_request',
      'commit',
    ]);
    const [row] = await ctx.t.sql<{ payout_phone: string }>('SELECT payout_phone FROM withdrawals WHERE id = $1', [answer!.id]);
    expect(row!.payout_phone).toBe(m.phone);
    // One payout_phone signal, the hash of the member's phone (the fraud-signals module's own hash of it).
    const hashes = await ctx.t.sql<{ hash: string }>(
      "SELECT hash FROM fraud_signals WHERE member_id = $1 AND event = 'withdrawal' AND kind = 'payout_phone'",
      [m.id.toString()],
    );
    const expected = signalsPayload(deps, {
      memberId: m.id,
      event: 'withdrawal',
      at: deps.clock.now(),
      signals: { payoutPhone: m.phone },
    });
    expect(hashes.map((h) => h.hash)).toEqual((expected!.values as { hash: string }[]).map((v) => v.hash));
  });
  it('two calls racing on one key for different amounts: one hold, the other a 409 that leaves nothing behind', async () => {
    const m = await payee(ctx, { balanceMinor: 100_000n });
    const { deps } = ctx.t.app;
    const ask = (amountLocalMinor: bigint) =>
      requestWithdrawal(deps, {
        memberId: m.id,
        countryId: ctx.c.kes,
        phone: m.phone,
        acc: '1',
        amountLocalMinor,
        clientKey: 'ussd:race-1',
      }).then(
        (data) => ({ ok: data.amount }),
        (error: unknown) => ({ code: (error as { code?: string }).code }),
      );
    const answers = await Promise.all([ask(50_000n), ask(60_000n)]);
    expect(answers.filter((a) => 'ok' in a)).toHaveLength(1);
    expect(answers.filter((a) => 'code' in a)).toEqual([{ code: 'CONFLICT' }]);
    const rows = await ctx.t.sql('SELECT id FROM withdrawals WHERE member_id = $1', [m.id.toString()]);
    expect(rows).toHaveLength(1);
    const signals = await ctx.t.sql("SELECT 1 FROM fraud_signals WHERE member_id = $1 AND event = 'withdrawal'", [
      m.id.toString(),
    ]);
    expect(signals).toHaveLength(1);
  });
});

describe('a withdrawal request: answers as before', () => {
  it('holds amount + fee and answers the pending withdrawal', async () => {
    const m = await payee(ctx, { balanceMinor: 100_000n });
    const res = await withdraw(m, { acc: '1', amount: '500' });
    expect(res).toMatchObject({
      status: 200,
      resultcode: true,
      msg: WITHDRAWAL_MESSAGES.accepted,
      data: { amount: '500.00', charges: '30.00', total: '530.00', currency: 'KES', status: '0' },
    });
    expect(await moved(m)).toBe(100_000n - 53_000n);
  });

  it("refuses below the country's minimum", async () => {
    const m = await payee(ctx, { balanceMinor: 100_000n });
    expect(await withdraw(m, { acc: '1', amount: '199' })).toMatchObject({
      status: 422,
      code: 'LIMIT_NOT_MET',
      msg: minimumWithdrawalMessage('KES', '200.00'),
    });
    expect(await moved(m)).toBe(100_000n);
  });

  it('refuses what M-Pesa cannot pay: cents, above the largest payment', async () => {
    const m = await payee(ctx, { balanceMinor: 30_000_000n });
    expect(await withdraw(m, { acc: '1', amount: '500.50' })).toMatchObject({
      status: 422,
      code: 'LIMIT_NOT_MET',
      msg: 'M-Pesa pays whole shillings only. Enter an amount without cents, for example 500.',
    });
    expect(await withdraw(m, { acc: '1', amount: '250001' })).toMatchObject({
      status: 422,
      code: 'LIMIT_NOT_MET',
      msg: 'The largest M-Pesa B2C payout is KES 250,000.00; withdraw a smaller amount',
    });
    expect(await moved(m)).toBe(30_000_000n);
  });

  it("refuses above Flutterwave's largest payment (UGX), before the wallet is looked at", async () => {
    const m = await createMember(ctx.t, { countryId: ctx.c.ugx, status: 'active' });
    await fund(ctx.t, m.id, 1_000_000n, 'balance');
    expect(await withdraw(m, { acc: '1', amount: '1000001' })).toMatchObject({
      status: 422,
      code: 'LIMIT_NOT_MET',
      msg: 'The largest Flutterwave transfer payout is UGX 1,000,000.00; withdraw a smaller amount',
    });
    expect(await moved(m)).toBe(1_000_000n);
  });

  it('refuses a task wallet below its unlock minimum', async () => {
    const m = await payee(ctx, { balanceMinor: 100_000n });
    const res = await withdraw(m, { acc: '3', amount: '500' });
    expect(res).toMatchObject({ status: 422, code: 'LIMIT_NOT_MET' });
    expect(res.msg).toMatch(
      /^YouTube earnings can be withdrawn once that wallet reaches KES .*; withdraw from your Jumbo wallet for now$/,
    );
  });

  it('refuses more than the wallet holds', async () => {
    const m = await payee(ctx, { balanceMinor: 50_000n });
    expect(await withdraw(m, { acc: '1', amount: '500' })).toMatchObject({
      status: 422,
      msg: WITHDRAWAL_MESSAGES.exceedsBalance,
    });
    expect(await moved(m)).toBe(50_000n);
  });

  it('refuses while a phone change holds withdrawals', async () => {
    const m = await payee(ctx, { balanceMinor: 100_000n });
    const at = ctx.clock.now().toISOString();
    await ctx.t.sql(
      `INSERT INTO phone_changes (member_id, old_phone, new_phone, source, created_at, applied_at) VALUES ($1, '+254700000001', $2, 'operator', $3, $3)`,
      [m.id.toString(), m.phone, at],
    );
    const res = await withdraw(m, { acc: '1', amount: '500' });
    expect(res).toMatchObject({ status: 422, code: 'LIMIT_NOT_MET' });
    expect(res.msg).toContain('Your phone number was changed, so withdrawals are paused for 72 hours');
    expect(await moved(m)).toBe(100_000n);
  });

  it('refuses a suspended member and moves nothing', async () => {
    const m = await createMember(ctx.t, { countryId: ctx.c.kes, status: 'suspended' });
    await fund(ctx.t, m.id, 100_000n, 'balance');
    const res = await withdraw(m, { acc: '1', amount: '500' });
    // The session check refuses it, before the request's statement.
    expect(res).toMatchObject({ status: 401, code: 'UNAUTHORIZED', msg: 'Your account has been suspended' });
    expect(await moved(m)).toBe(100_000n);
  });

  it('accepts, flagged, the withdrawal of a member in an open cluster (held until the cluster is decided)', async () => {
    const sponsor = await createMember(ctx.t, { countryId: ctx.c.kes, prefix: 'onecall' });
    const recruit = await createMember(ctx.t, { countryId: ctx.c.kes, sponsor, prefix: 'onecall' });
    for (const m of [sponsor, recruit]) await fund(ctx.t, m.id, 50_000n, 'deposit');
    await activateAll(ctx, [sponsor, recruit]);
    await seen(ctx, sponsor, { payoutPhone: '0723 456 077' });
    await seen(ctx, recruit, { payoutPhone: '+254723456077' });
    const clusterId = await clusterIdOf(ctx, sponsor);
    await fund(ctx.t, sponsor.id, 100_000n, 'balance');
    const res = await withdraw(sponsor, { acc: '1', amount: '300' });
    expect(res).toMatchObject({ status: 200, resultcode: true });
    const flags = await ctx.t.sql<{ kind: string; reason: string }>(
      'SELECT kind, reason FROM payout_risk_flags WHERE withdrawal_id = $1',
      [res.data.id],
    );
    expect(flags).toEqual([expect.objectContaining({ kind: 'cluster' })]);
    expect(flags[0]!.reason).toContain(`open cluster #${clusterId}`);
  });

  it('answers a replay of its key with the first result, and the key with another amount with 409', async () => {
    const m = await payee(ctx, { balanceMinor: 100_000n });
    const headers = { 'idempotency-key': 'one-call-wd-0001' };
    const first = await withdraw(m, { acc: '1', amount: '500' }, headers);
    expect(first).toMatchObject({ status: 200, resultcode: true });
    const again = await withdraw(m, { acc: '1', amount: '500' }, headers);
    expect(again).toMatchObject({ status: 200, data: first.data });
    expect(await withdraw(m, { acc: '1', amount: '600' }, headers)).toMatchObject({ status: 409, code: 'CONFLICT' });
    expect(await moved(m)).toBe(100_000n - 53_000n);
    const rows = await ctx.t.sql('SELECT id FROM withdrawals WHERE member_id = $1', [m.id.toString()]);
    expect(rows).toHaveLength(1);
  });
});
