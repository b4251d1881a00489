import { randomInt } from 'node:crypto';
import { expect } from 'vitest';
import { reconcileLedger, formatReconcileReport } from '../src/ledger/reconcile.ts';
import { storeSetting } from '../src/modules/settings/settings.service.ts';
import { sleep, waitFor } from './deposits-fixtures.ts';
import { callAction, createTestApp, type TestApp } from './harness.ts';
import { createMember, ensureTestCountries, fund, type TestCountries, type TestMember } from './money-fixtures.ts';

export { sleep, waitFor };

/**
 * Payout test fixtures: the app listening (the simulator posts B2C results to it over HTTP), the KES test country
 * paid by M-Pesa B2C, two operators, and members whose registered phone chooses the simulator's outcome
 * (2547000000NN; any other phone is paid).
 */
export interface PayoutTestContext {
  t: TestApp;
  c: TestCountries;
  operator: TestMember;
  secondOperator: TestMember;
  /** Real time plus an offset the tests move forward: the simulator runs on real time, the app's rules on this. */
  clock: { offsetMs: number; now: () => Date; advance: (ms: number) => void };
}

export interface PayoutRowView {
  id: string;
  state: string;
  reference: string;
  conversation_id: string | null;
  receipt: string | null;
  failure_reason: string | null;
  settled_by: string | null;
  attempt: number;
  provider_answer: string | null;
}

export async function startPayoutTestApp(env: Record<string, string> = {}): Promise<PayoutTestContext> {
  const clock = {
    offsetMs: 0,
    now: () => new Date(Date.now() + clock.offsetMs),
    advance: (ms: number) => void (clock.offsetMs += ms),
  };
  const t = await createTestApp({ ...(process.env.PAYOUT_DEBUG ? { LOG_LEVEL: 'error' } : {}), ...env }, { clock });
  await t.app.listen({ port: 0 });
  t.sim.mpesa.behaviour.callbackDelayMs = 20;
  t.sim.mpesa.b2c.behaviour.resultDelayMs = 20;
  const c = await ensureTestCountries(t);
  await setSetting(t, 'payouts.providers', { ZK: 'mpesa_b2c', ZU: 'flutterwave' });
  const operator = await createMember(t, { countryId: c.kes, status: 'active', role: 'operator' });
  const secondOperator = await createMember(t, { countryId: c.kes, status: 'active', role: 'operator' });
  return { t, c, operator, secondOperator, clock };
}

/** Moves the app's clock on, and the test sessions with it (they would have ended: idle, or past their expiry). */
export async function advanceClock(ctx: PayoutTestContext, ms: number): Promise<void> {
  ctx.clock.advance(ms);
  const now = ctx.clock.now().toISOString();
  await ctx.t.sql(
    `UPDATE sessions SET created_at = $1, last_seen_at = $1, expires_at = $1::timestamptz + interval '1 day' WHERE revoked_at IS NULL`,
    [now],
  );
}

export async function setSetting(t: TestApp, key: string, value: unknown): Promise<void> {
  await storeSetting(t.app.deps.db, { key, value, at: t.app.deps.clock.now() });
}

/** An active member with `balance` in Jumbo whose phone is +2547000000<suffix>, or a random phone that is paid. */
export async function payee(
  ctx: PayoutTestContext,
  options: { suffix?: string; balanceMinor?: bigint; countryId?: number } = {},
): Promise<TestMember & { phone: string }> {
  const m = await createMember(ctx.t, { countryId: options.countryId ?? ctx.c.kes, status: 'active' });
  const phone = options.suffix ? `+2547000000${options.suffix}` : `+2547${randomInt(11_000_000, 99_999_999)}`;
  await ctx.t.sql('UPDATE members SET phone = $2 WHERE id = $1', [m.id.toString(), phone]);
  await fund(ctx.t, m.id, options.balanceMinor ?? 1_000_000n, 'balance');
  return { ...m, phone };
}

export async function withdraw(ctx: PayoutTestContext, m: TestMember, amount: string, acc = '1') {
  return callAction(ctx.t.app, 'systemwithdrawal', { method: 'POST', token: m.token, payload: { acc, amount } });
}

/** Withdraws and answers the withdrawal id (the request must succeed). */
export async function withdrawOk(ctx: PayoutTestContext, m: TestMember, amount: string): Promise<string> {
  const res = await withdraw(ctx, m, amount);
  expect(res).toMatchObject({ status: 200, resultcode: true });
  return res.data.id as string;
}

export function approve(ctx: PayoutTestContext, withdrawalId: string, by: TestMember = ctx.operator) {
  return callAction(ctx.t.app, 'updatetrans', { method: 'POST', token: by.token, payload: { tid: withdrawalId, value: 2 } });
}

/** A payee (see `payee`) whose withdrawal of `amount` (default 500) the operator approved: the member and its id. */
export async function approvedWithdrawal(
  ctx: PayoutTestContext,
  options: Parameters<typeof payee>[1] = {},
  amount = '500',
): Promise<{ m: TestMember & { phone: string }; id: string }> {
  const m = await payee(ctx, options);
  const id = await withdrawOk(ctx, m, amount);
  await approve(ctx, id);
  return { m, id };
}

export async function payouts(ctx: PayoutTestContext, withdrawalId: string): Promise<PayoutRowView[]> {
  return ctx.t.sql<PayoutRowView>(
    `SELECT id::text, state, reference, conversation_id, receipt, failure_reason, settled_by, attempt, provider_answer
     FROM payouts WHERE withdrawal_id = $1 ORDER BY attempt`,
    [withdrawalId],
  );
}

export async function payoutOf(ctx: PayoutTestContext, withdrawalId: string): Promise<PayoutRowView> {
  const rows = await payouts(ctx, withdrawalId);
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

export async function waitForState(ctx: PayoutTestContext, withdrawalId: string, state: string): Promise<PayoutRowView> {
  const found = await waitFor(async () => {
    const row = (await payouts(ctx, withdrawalId)).at(-1);
    return row?.state === state ? row : null;
  }).catch(async (error: unknown) => {
    const rows = await ctx.t.sql(
      `SELECT p.*, (SELECT json_agg(json_build_object('kind', e.kind, 'body', e.body) ORDER BY e.id) FROM payout_exchanges e WHERE e.payout_id = p.id) AS exchanges
       FROM payouts p WHERE withdrawal_id = $1`,
      [withdrawalId],
    );
    throw new Error(`${String(error)}: ${JSON.stringify(rows, null, 1)}`);
  });
  if (!found) throw new Error(`No payout of withdrawal ${withdrawalId} reached ${state}`);
  return found;
}

/** Ledger transactions that settled a withdrawal's payouts (each payout settles at most once). */
export async function settlements(ctx: PayoutTestContext, withdrawalId: string): Promise<{ kind: string }[]> {
  return ctx.t.sql<{ kind: string }>(
    `SELECT t.kind FROM ledger_transactions t JOIN payouts p ON t.idempotency_key = 'payout-settle:' || p.id
     WHERE p.withdrawal_id = $1 ORDER BY t.id`,
    [withdrawalId],
  );
}

export async function history(ctx: PayoutTestContext, m: TestMember) {
  const res = await callAction(ctx.t.app, 'withdrawalhistory', { token: m.token });
  return res.data as { Status: string; Receipt: string | null; Reason: string | null; Amount: string }[];
}

export async function notices(ctx: PayoutTestContext, m: TestMember): Promise<string[]> {
  const rows = await ctx.t.sql<{ msg: string }>('SELECT msg FROM member_notifications WHERE member_id = $1 ORDER BY id', [
    m.id.toString(),
  ]);
  return rows.map((row) => row.msg);
}

/** Posts a body to one of our M-Pesa payout callback URLs, as M-Pesa (or a stranger who learnt the path) would. */
export async function postMpesa(ctx: PayoutTestContext, path: string, body: unknown, secret?: string): Promise<number> {
  const hookSecret = secret ?? ctx.t.app.deps.payments.mpesaCallbackSecret;
  const answer = await fetch(`${ctx.t.app.deps.publicUrl()}/hooks/mpesa/${hookSecret}/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await answer.text();
  return answer.status;
}

export async function expectReconciled(ctx: PayoutTestContext): Promise<void> {
  const report = await reconcileLedger(ctx.t.app.deps.db);
  expect(report.ok, formatReconcileReport(report)).toBe(true);
}
