import { afterAll, describe, expect, it } from 'vitest';
import { runPayoutSweep } from '../src/modules/payouts/payouts.startup.ts';
import { wallets } from './money-fixtures.ts';
import { expectReconciled, payee, payoutOf, settlements, waitFor, waitForState, withdrawOk } from './payouts-fixtures.ts';
import { usePayoutTestApp } from './payout-app.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';

/**
 * kill -9 between sending a payout and recording M-Pesa's answer (decision 032). A real server process (server.ts
 * under tsx, on the test database and the test's simulator) approves a withdrawal; the simulator takes and pays the
 * B2C request but holds its answer and its result; the test kills the process with SIGKILL while the request is in
 * flight. The payout is left `approved` with its send claimed and no acknowledgement. The app built again on the same
 * database (the restart) finds it after the result timeout, never sends it again, asks M-Pesa, and settles it once.
 */
const ctx = usePayoutTestApp();
let server: ServerProcess | null = null;
// Registered after the app's own: the process is killed before the app closes.
afterAll(() => {
  server?.child.kill('SIGKILL');
});

describe('a crash between sending and recording', () => {
  it('leaves a payout the status query resolves once after the restart, never sent twice', { timeout: 120_000 }, async () => {
    const m = await payee(ctx);
    const id = await withdrawOk(ctx, m, '500');
    server = await startServerProcess(ctx.t);
    // M-Pesa takes and pays the request but neither answers it nor posts the result: the process dies meanwhile.
    ctx.t.sim.mpesa.b2c.behaviour.holdResults = true;
    ctx.t.sim.mpesa.b2c.faults.push('hang-after');
    const approval = fetch(`${server.url}/api?action=updatetrans`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ctx.operator.token}` },
      body: JSON.stringify({ tid: id, value: 2 }),
    }).catch((error: unknown) => error);
    const taken = await waitFor(
      async () => [...ctx.t.sim.mpesa.b2c.payouts.values()].find((p) => p.phone === m.phone.slice(1)),
      30_000,
    );
    await server.killHard();
    expect(server.child.signalCode).toBe('SIGKILL');
    expect(await approval).toBeInstanceOf(Error);

    const stranded = await payoutOf(ctx, id);
    expect(stranded).toMatchObject({ state: 'approved', conversation_id: null, reference: taken!.originatorConversationId });
    expect((await ctx.t.sql('SELECT send_started_at FROM payouts WHERE id = $1', [stranded.id]))[0]).toMatchObject({
      send_started_at: expect.any(Date),
    });

    // The restart: the app on the same database. Before the result timeout it leaves the payout alone.
    await runPayoutSweep(ctx.t.app.deps);
    expect(await payoutOf(ctx, id)).toMatchObject({ state: 'approved' });
    ctx.clock.advance(301_000);
    await runPayoutSweep(ctx.t.app.deps);
    const paid = await waitForState(ctx, id, 'paid');
    expect(paid).toMatchObject({ settled_by: 'query', receipt: taken!.receipt });
    expect([...ctx.t.sim.mpesa.b2c.payouts.values()].filter((p) => p.phone === m.phone.slice(1))).toHaveLength(1);
    expect(await settlements(ctx, id)).toEqual([{ kind: 'withdrawal_complete' }]);
    expect((await wallets(ctx.t, m.id)).balance).toBe(1_000_000n - 53_000n);

    // The held result arrives late and changes nothing.
    ctx.t.sim.mpesa.b2c.behaviour.holdResults = false;
    await ctx.t.sim.mpesa.b2c.releaseResults();
    expect(await payoutOf(ctx, id)).toMatchObject({ state: 'paid', settled_by: 'query' });
    expect(await settlements(ctx, id)).toEqual([{ kind: 'withdrawal_complete' }]);
    await expectReconciled(ctx);
  });
});
