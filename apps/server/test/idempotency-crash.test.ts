import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { runPayoutSweep } from '../src/modules/payouts/payouts.startup.ts';
import { callAction, type EnvelopeResponse } from './harness.ts';
import { wallets } from './money-fixtures.ts';
import {
  expectReconciled,
  payee,
  payoutOf,
  setSetting,
  settlements,
  waitFor,
  waitForState,
  withdrawOk,
} from './payouts-fixtures.ts';
import { usePayoutTestApp } from './payout-app.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';

/**
 * Exactly once, also right after a crash (issue 23 §5, decision 047). A real server process (server.ts under tsx, on
 * the test's database and simulator) takes an operator's approval with an Idempotency-Key and is killed with SIGKILL
 * (1) after the request's transaction committed, while the payout it then sends is in flight, and (2) before it
 * committed, while it waits for a row lock. The replay of the same request, to the app built again on the same
 * database (the restart), is answered at once: with the first answer in (1), by running the request in (2); never
 * 409 "still being processed". The money moves once, and the ledger reconciles. A member's withdrawal that auto-pay
 * pays is offered to auto-pay only after its own commit, so a kill while that payout is in flight leaves the answer.
 */
const ctx = usePayoutTestApp();
let server: ServerProcess | null = null;
// Registered after the app's own: the process is killed before the app closes.
afterAll(() => {
  server?.child.kill('SIGKILL');
});

function withdrawInProcess(url: string, key: string, token: string): Promise<unknown> {
  return fetch(`${url}/api?action=systemwithdrawal`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': key },
    body: JSON.stringify({ acc: '1', amount: '500' }),
  }).catch((error: unknown) => error);
}

function sendToProcess(url: string, key: string, withdrawalId: string): Promise<unknown> {
  return fetch(`${url}/api?action=updatetrans`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${ctx.operator.token}`,
      'idempotency-key': key,
    },
    body: JSON.stringify({ tid: withdrawalId, value: 2 }),
  }).catch((error: unknown) => error);
}

async function replay(key: string, withdrawalId: string): Promise<{ answer: EnvelopeResponse; ms: number }> {
  const started = Date.now();
  const answer = await callAction(ctx.t.app, 'updatetrans', {
    method: 'POST',
    token: ctx.operator.token,
    payload: { tid: withdrawalId, value: 2 },
    headers: { 'idempotency-key': key },
  });
  return { answer, ms: Date.now() - started };
}

const paidTo = (phone: string) => [...ctx.t.sim.mpesa.b2c.payouts.values()].filter((p) => p.phone === phone.slice(1));

describe('kill -9 around the commit of an Idempotency-Key request', () => {
  it(
    'killed before the commit: the replay runs the request at once, and the money moves once',
    { timeout: 120_000 },
    async () => {
      const m = await payee(ctx);
      const id = await withdrawOk(ctx, m, '500');
      server = await startServerProcess(ctx.t);
      // The test holds the withdrawal's row lock: the process claims the key, then waits inside its transaction.
      const holder = new pg.Client({ connectionString: ctx.t.databaseUrl });
      await holder.connect();
      try {
        const [{ pid }] = (await holder.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows as [{ pid: number }];
        await holder.query('BEGIN');
        await holder.query('SELECT id FROM withdrawals WHERE id = $1 FOR UPDATE', [id]);
        const first = sendToProcess(server.url, 'crash-before-0001', id);
        await waitFor(async () => {
          const waiting = await ctx.t.sql(
            "SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query ILIKE '%withdrawals%' AND pid <> $1",
            [pid],
          );
          return waiting.length > 0;
        }, 30_000);
        await server.killHard();
        expect(server.child.signalCode).toBe('SIGKILL');
        expect(await first).toBeInstanceOf(Error);
      } finally {
        await holder.query('ROLLBACK');
        await holder.end();
      }
      // Nothing of the request committed: no claim, no payout, the withdrawal still pending.
      expect(await ctx.t.sql("SELECT 1 FROM api_idempotency WHERE key = 'crash-before-0001'")).toEqual([]);
      expect(await ctx.t.sql('SELECT 1 FROM payouts WHERE withdrawal_id = $1', [id])).toEqual([]);

      const { answer, ms } = await replay('crash-before-0001', id);
      expect(answer).toMatchObject({ httpStatus: 200, data: { id, status: '0' } });
      expect(ms).toBeLessThan(5_000);
      const paid = await waitForState(ctx, id, 'paid');
      expect(paidTo(m.phone)).toHaveLength(1);
      expect(await settlements(ctx, id)).toEqual([{ kind: 'withdrawal_complete' }]);
      // A second replay answers the same answer and sends nothing more.
      expect((await replay('crash-before-0001', id)).answer).toEqual(answer);
      expect(await payoutOf(ctx, id)).toMatchObject({ id: paid.id, state: 'paid' });
      expect(paidTo(m.phone)).toHaveLength(1);
      expect((await wallets(ctx.t, m.id)).balance).toBe(1_000_000n - 53_000n);
      await expectReconciled(ctx);
    },
  );

  it('killed after the commit, before the answer: the replay gets the first answer at once', { timeout: 120_000 }, async () => {
    const m = await payee(ctx);
    const id = await withdrawOk(ctx, m, '500');
    server = await startServerProcess(ctx.t);
    // The request commits, then sends the payout: M-Pesa takes and pays it but never answers; the process dies.
    ctx.t.sim.mpesa.b2c.behaviour.holdResults = true;
    ctx.t.sim.mpesa.b2c.faults.push('hang-after');
    const first = sendToProcess(server.url, 'crash-after-0001', id);
    const taken = (await waitFor(async () => paidTo(m.phone)[0], 30_000))!;
    await server.killHard();
    expect(await first).toBeInstanceOf(Error);

    // The claim, the approval, the payout and the answer committed together.
    const stored = await ctx.t.sql<{ state: string; status: number; answer: string }>(
      "SELECT state, status, answer FROM api_idempotency WHERE key = 'crash-after-0001'",
    );
    expect(stored).toMatchObject([{ state: 'done', status: 200 }]);
    const firstAnswer = JSON.parse(stored[0]!.answer) as { status: number; msg: string; data: unknown };
    const { answer, ms } = await replay('crash-after-0001', id);
    expect(ms).toBeLessThan(5_000);
    expect(answer).toMatchObject({ httpStatus: 200, msg: firstAnswer.msg, data: firstAnswer.data });
    expect(answer).toMatchObject({ data: { id, status: '0', payout: { state: 'approved' } } });
    expect(answer.msg).toBe(
      'Withdrawal approved: the payout is on its way by M-Pesa B2C; it completes when the provider confirms it',
    );

    // The payout was sent once; the restart's sweep asks M-Pesa after the result timeout and settles it once.
    expect(await payoutOf(ctx, id)).toMatchObject({ state: 'approved', reference: taken.originatorConversationId });
    ctx.clock.advance(301_000);
    await runPayoutSweep(ctx.t.app.deps);
    expect(await waitForState(ctx, id, 'paid')).toMatchObject({ settled_by: 'query', receipt: taken.receipt });
    ctx.t.sim.mpesa.b2c.behaviour.holdResults = false;
    await ctx.t.sim.mpesa.b2c.releaseResults();
    expect((await replay('crash-after-0001', id)).answer).toEqual(answer);
    expect(paidTo(m.phone)).toHaveLength(1);
    expect(await settlements(ctx, id)).toEqual([{ kind: 'withdrawal_complete' }]);
    expect((await wallets(ctx.t, m.id)).balance).toBe(1_000_000n - 53_000n);
    await expectReconciled(ctx);
  });

  it(
    'a withdrawal auto-pay pays: the payout goes out after the commit, and the replay answers the withdrawal once',
    { timeout: 120_000 },
    async () => {
      await setSetting(ctx.t, 'payouts.auto_pay', { enabled: true, below_amount: '1000.00', min_active_days: 1, max_per_day: 5 });
      try {
        const m = await payee(ctx);
        server = await startServerProcess(ctx.t);
        ctx.t.sim.mpesa.b2c.behaviour.holdResults = true;
        ctx.t.sim.mpesa.b2c.faults.push('hang-after');
        const first = withdrawInProcess(server.url, 'crash-auto-0001', m.token);
        const taken = (await waitFor(async () => paidTo(m.phone)[0], 30_000))!;
        await server.killHard();
        expect(await first).toBeInstanceOf(Error);

        // The hold and the answer committed with the request; auto-pay approved it after that commit, then sent it.
        const stored = await ctx.t.sql<{ answer: string }>("SELECT answer FROM api_idempotency WHERE key = 'crash-auto-0001'");
        expect(stored).toHaveLength(1);
        const firstAnswer = JSON.parse(stored[0]!.answer) as { msg: string; data: { id: string } };
        const started = Date.now();
        const replay = await callAction(ctx.t.app, 'systemwithdrawal', {
          method: 'POST',
          token: m.token,
          payload: { acc: '1', amount: '500' },
          headers: { 'idempotency-key': 'crash-auto-0001' },
        });
        expect(Date.now() - started).toBeLessThan(5_000);
        expect(replay).toMatchObject({ httpStatus: 200, msg: firstAnswer.msg, data: firstAnswer.data });
        const withdrawals = await ctx.t.sql('SELECT id FROM withdrawals WHERE member_id = $1', [m.id.toString()]);
        expect(withdrawals).toHaveLength(1);
        const id = firstAnswer.data.id;
        expect(await payoutOf(ctx, id)).toMatchObject({ state: 'approved', reference: taken.originatorConversationId });

        ctx.clock.advance(301_000);
        await runPayoutSweep(ctx.t.app.deps);
        expect(await waitForState(ctx, id, 'paid')).toMatchObject({ settled_by: 'query' });
        ctx.t.sim.mpesa.b2c.behaviour.holdResults = false;
        await ctx.t.sim.mpesa.b2c.releaseResults();
        expect(paidTo(m.phone)).toHaveLength(1);
        expect(await settlements(ctx, id)).toEqual([{ kind: 'withdrawal_complete' }]);
        expect((await wallets(ctx.t, m.id)).balance).toBe(1_000_000n - 53_000n);
        await expectReconciled(ctx);
      } finally {
        await setSetting(ctx.t, 'payouts.auto_pay', {
          enabled: false,
          below_amount: '1000.00',
          min_active_days: 30,
          max_per_day: 5,
        });
      }
    },
  );
});
