import { afterAll, describe, expect, it } from 'vitest';
import { minimumWithdrawalMessage, WITHDRAWAL_MESSAGES } from '@tuzo/contracts';
import { callAction } from './harness.ts';
import { statementsDuring } from './statements.ts';
import { createMember, fund, wallets, type TestMember } from './money-fixtures.ts';
import { expectReconciled, payee } from './payouts-fixtures.ts';
import { usePayoutTestApp } from './payout-app.ts';
import { activateAll, clusterIdOf, seen } from './clusters-fixtures.ts';

/**
 * A withdrawal request's round trips after the session check (issue 28, decision 065), and each of its refusals,
 * answered as before. The request reads its own facts (currency, minimum, tariff, wallet, the provider's limits and
 * the key's earlier withdrawal) in one statement before its transaction; the transaction's statements belong to the
 * phone-changes, fraud-signals, ledger and payout-risk modules. The file ends with the reconcile.
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

/** The request's own statements: up to its commit (what follows is the auto-pay subscriber, after the commit). */
function untilCommit(statements: string[]): string[] {
  const end = statements.indexOf('commit');
  expect(end).toBeGreaterThan(0);
  return statements.slice(0, end + 1);
}

async function moved(m: TestMember): Promise<bigint> {
  return (await wallets(ctx.t, m.id)).balance;
}

describe('a withdrawal request: its round trips', () => {
  it('reads its own facts in one statement, then runs one transaction (13 statements to the commit, was 16)', async () => {
    const m = await payee(ctx, { balanceMinor: 100_000n });
    let status = 0;
    const statements = untilCommit(
      await statementsOf(async () => {
        status = (await withdraw(m, { acc: '1', amount: '500' })).status;
      }),
    );
    expect(status).toBe(200);
    const short = statements.map((text) => text.slice(0, 40));
    expect(short[0]).toMatch(/^SELECT c\.id AS country_id/);
    expect(short[1]).toBe('begin');
    expect(statements.filter((text) => text.startsWith('SELECT ledger_record_movement'))).toHaveLength(1);
    // Before: the payee, `payouts.providers` and `payouts.limits` were three more statements before `begin`.
    expect(statements.some((text) => text.startsWith('SELECT m.phone, c.abbreviation'))).toBe(false);
    expect(statements).toHaveLength(13);
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
