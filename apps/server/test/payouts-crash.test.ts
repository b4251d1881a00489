import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { serverSettings } from '@tuzo/provider-sim';
import { afterAll, describe, expect, it } from 'vitest';
import { runPayoutSweep } from '../src/modules/payouts/payouts.startup.ts';
import { wallets } from './money-fixtures.ts';
import { expectReconciled, payee, payoutOf, settlements, waitFor, waitForState, withdrawOk } from './payouts-fixtures.ts';
import { usePayoutTestApp } from './payout-app.ts';

/**
 * kill -9 between sending a payout and recording M-Pesa's answer (decision 032). A real server process (server.ts
 * under tsx, on the test database and the test's simulator) approves a withdrawal; the simulator takes and pays the
 * B2C request but holds its answer and its result; the test kills the process with SIGKILL while the request is in
 * flight. The payout is left `approved` with its send claimed and no acknowledgement. The app built again on the same
 * database (the restart) finds it after the result timeout, never sends it again, asks M-Pesa, and settles it once.
 */
const ctx = usePayoutTestApp();
let child: ChildProcess | null = null;
// Registered after the app's own: the process is killed before the app closes.
afterAll(() => {
  child?.kill('SIGKILL');
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** server.ts as `npm start` runs it, on the test database and the test's simulator. */
async function startServerProcess(): Promise<{ url: string; output: () => string }> {
  const port = await freePort();
  const root = path.resolve(import.meta.dirname, '../../..');
  let output = '';
  child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: ctx.t.databaseUrl,
      RATE_LIMIT_ENABLED: 'false',
      TUZO_DEMO_SEED: 'false',
      WEB_DIST_DIR: '/nonexistent',
      ...serverSettings(ctx.t.sim),
      // The same key file (or key) as the test's app: both open the callback secret sealed in the shared database.
      DATA_DIR: ctx.t.config.dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  await waitFor(async () => {
    const answer = await fetch(`${url}/api?action=ping`).catch(() => null);
    return answer?.status === 200;
  }, 60_000).catch((error: unknown) => {
    throw new Error(`${String(error)}\nserver output:\n${output}`);
  });
  return { url, output: () => output };
}

describe('a crash between sending and recording', () => {
  it('leaves a payout the status query resolves once after the restart, never sent twice', { timeout: 120_000 }, async () => {
    const m = await payee(ctx);
    const id = await withdrawOk(ctx, m, '500');
    const server = await startServerProcess();
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
    child?.kill('SIGKILL');
    await waitFor(async () => child?.exitCode !== null || child?.signalCode !== null, 10_000);
    expect(child?.signalCode).toBe('SIGKILL');
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
