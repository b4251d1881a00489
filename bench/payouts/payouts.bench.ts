/**
 * Payout bench (`npm run bench:payouts -w @tuzo/bench`; also the last part of `npm run bench`). Starts a throw-away
 * embedded PostgreSQL and the provider simulator, builds the real app on them (Kenya paid by M-Pesa B2C through the
 * simulator), seeds MEMBERS members with pending withdrawals (PER_MEMBER each, KES 300.00 from Jumbo), then approves
 * them over HTTP (`updatetrans`) from 16 concurrent operator clients in a worker thread (closed loop: each client
 * awaits its previous approval). Every approval commits a payout and sends it to the simulator's B2C API, whose Result
 * comes back to our callback URL over HTTP and settles the hold. Prints payouts per second (paid payouts / seconds
 * from the first approval to the last Result applied) and the approvals' latency, then checks that every withdrawal
 * was paid once and reconciles the ledger. Bounded: a hard stop after 5 minutes.
 */
import { randomBytes } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { startProviderSim, serverSettings } from '@tuzo/provider-sim';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { postTransaction } from '../../apps/server/src/ledger/ledger.ts';
import { formatReconcileReport, reconcileLedger } from '../../apps/server/src/ledger/reconcile.ts';
import { hashToken } from '../../apps/server/src/modules/auth/tokens.ts';
import { totpSecretContext } from '../../apps/server/src/modules/auth/totp-sealing.ts';
import { storeSetting } from '../../apps/server/src/modules/settings/settings.service.ts';
import { requestWithdrawal } from '../../apps/server/src/modules/withdrawals/withdrawals.service.ts';
import { startBenchDatabase } from '../lib/database.ts';

const CLIENTS = 16;
const MEMBERS = Number(process.env.PAYOUT_BENCH_MEMBERS ?? 100);
const PER_MEMBER = Number(process.env.PAYOUT_BENCH_PER_MEMBER ?? 4);
const AMOUNT_MINOR = 30_000n;

type App = Awaited<ReturnType<typeof buildApp>>;

/** An operator session, two-factor sign-in on with a sealed secret as the app stores it (staff actions need it). */
async function operatorToken(sql: pg.Pool, app: App, countryId: number): Promise<string> {
  const row = await sql.query<{ id: string }>(
    `INSERT INTO members (username, email, phone, password_hash, country_id, status, role, activated_at)
     VALUES ('bench_operator', 'bench_operator@bench.local', '+254799999999', 'x', $1, 'active', 'operator', now())
     RETURNING id`,
    [countryId],
  );
  const id = row.rows[0]!.id;
  await sql.query(`UPDATE members SET totp_enabled_at = now(), totp_secret = $2 WHERE id = $1`, [
    id,
    app.deps.secrets.seal('JBSWY3DPEHPK3PXP', totpSecretContext(BigInt(id))),
  ]);
  const token = randomBytes(32).toString('base64url');
  await sql.query(`INSERT INTO sessions (member_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '1 day')`, [
    id,
    hashToken(token),
  ]);
  return token;
}

/** MEMBERS active Kenyan members with money in Jumbo, each with PER_MEMBER pending withdrawals; answers their ids. */
async function seedWithdrawals(sql: pg.Pool, app: App, countryId: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < MEMBERS; i += 1) {
    const member = await sql.query<{ id: string }>(
      `INSERT INTO members (username, email, phone, password_hash, country_id, status, activated_at)
       VALUES ($1, $1 || '@bench.local', $2, 'x', $3, 'active', now() - interval '60 days') RETURNING id`,
      [`bench_payee_${i}`, `+25471${String(i).padStart(7, '0')}`, countryId],
    );
    const memberId = BigInt(member.rows[0]!.id);
    await app.deps.db.transaction((tx) =>
      postTransaction(tx, {
        kind: 'deposit',
        idempotencyKey: `bench:payout-seed:${memberId}`,
        memberId,
        legs: [
          { account: { system: 'provider:manual' }, amountMinor: -10_000_000n },
          { account: { memberId, wallet: 'balance' }, amountMinor: 10_000_000n },
        ],
      }),
    );
    for (let n = 0; n < PER_MEMBER; n += 1) {
      const withdrawal = await requestWithdrawal(app.deps, {
        memberId,
        countryId,
        phone: `+25471${String(i).padStart(7, '0')}`,
        acc: '1',
        amountLocalMinor: AMOUNT_MINOR,
        clientKey: `bench-${n}`,
      });
      ids.push(withdrawal.id);
    }
  }
  return ids;
}

/** 16 closed-loop clients approving from one shared list, in a worker thread (not on the server's event loop). */
const APPROVER = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, token, ids, clients } = workerData;
(async () => {
  const latencies = [];
  const failures = [];
  let next = 0;
  await Promise.all(Array.from({ length: clients }, async () => {
    while (next < ids.length) {
      const tid = ids[next++];
      const t0 = performance.now();
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: 'Bearer ' + token },
          body: JSON.stringify({ tid, value: 2 }),
        });
        const body = await response.json();
        if (response.status !== 200 || !body.resultcode) failures.push(tid + ': ' + body.msg);
      } catch (error) { failures.push(tid + ': ' + String(error)); }
      latencies.push(performance.now() - t0);
    }
  }));
  parentPort.postMessage({ latencies, failures });
})();
`;

async function approveAll(url: string, token: string, ids: string[]) {
  return new Promise<{ latencies: number[]; failures: string[] }>((resolve, reject) => {
    const worker = new Worker(APPROVER, { eval: true, workerData: { url, token, ids, clients: CLIENTS } });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

async function countByState(sql: pg.Pool): Promise<Map<string, number>> {
  const rows = await sql.query<{ state: string; n: number }>('SELECT state, count(*)::int AS n FROM payouts GROUP BY state');
  return new Map(rows.rows.map((row) => [row.state, row.n]));
}

/** Waits until no payout is live (approved, sent, unknown), at most `ms`; answers when the last one settled. */
async function waitSettled(sql: pg.Pool, ms: number): Promise<number> {
  const deadline = performance.now() + ms;
  while (performance.now() < deadline) {
    const last = await sql.query<{ live: number; last: Date | null }>(
      `SELECT count(*) FILTER (WHERE state IN ('approved', 'sent', 'unknown'))::int AS live, max(settled_at) AS last FROM payouts`,
    );
    if (last.rows[0]!.live === 0) return performance.now();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('Payouts were still live after the wait');
}

async function main(): Promise<void> {
  const hardStop = setTimeout(() => {
    console.error('bench: hard time limit reached, stopping');
    process.exit(2);
  }, 5 * 60_000);
  hardStop.unref();
  const bench = await startBenchDatabase({ prefix: 'tuzo-bench-payouts', database: 'tuzo_bench_payouts' });
  let app: App | null = null;
  const sim = await startProviderSim();
  sim.mpesa.behaviour.callbackDelayMs = 20;
  sim.mpesa.b2c.behaviour.resultDelayMs = 20;
  sim.mpesa.b2c.utilityBalanceMinor = 1_000_000_000_00n;
  const sql = new pg.Pool({ connectionString: bench.database.url, max: 4 });
  try {
    const config = loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_ENABLED: 'false',
      TUZO_DEMO_SEED: 'false',
      WEB_DIST_DIR: '/nonexistent',
      HOST: '127.0.0.1',
      ...serverSettings(sim),
    });
    app = await buildApp({ config, databaseUrl: bench.database.url, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const at = new Date();
    await storeSetting(app.deps.db, { key: 'payouts.providers', value: { KE: 'mpesa_b2c' }, at });
    // The bench pays each member several times a day: the daily-count risk flag would hold them for a human.
    await storeSetting(app.deps.db, {
      key: 'payouts.risk',
      value: {
        max_withdrawals_per_day: 1000,
        large_adjustment: '5000.00',
        adjustment_window_hours: 0,
        upline_change_window_hours: 0,
      },
      at,
    });
    const country = await sql.query<{ id: number }>(`SELECT id FROM countries WHERE abbreviation = 'KE'`);
    const countryId = country.rows[0]?.id;
    if (countryId === undefined) throw new Error('The start-up seed did not create Kenya');
    const token = await operatorToken(sql, app, countryId);
    const ids = await seedWithdrawals(sql, app, countryId);
    console.log(
      `bench: ${ids.length} pending withdrawals (${MEMBERS} members x ${PER_MEMBER}, KES ${AMOUNT_MINOR / 100n}.00), ${CLIENTS} concurrent approvals, M-Pesa B2C through the simulator (result delay 20 ms)`,
    );

    const started = performance.now();
    const { latencies, failures } = await approveAll(`${app.deps.publicUrl()}/api?action=updatetrans`, token, ids);
    const approved = performance.now();
    const settled = await waitSettled(sql, 120_000);
    const states = await countByState(sql);
    const paid = states.get('paid') ?? 0;
    latencies.sort((a, b) => a - b);
    const quantile = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? 0;
    const seconds = (settled - started) / 1000;
    console.log('');
    console.log(
      `approvals: ${latencies.length - failures.length} ok, ${failures.length} refused in ${((approved - started) / 1000).toFixed(2)} s`,
    );
    console.log(`approval latency: p50 ${quantile(0.5).toFixed(1)} ms, p99 ${quantile(0.99).toFixed(1)} ms`);
    console.log(`payouts by state: ${JSON.stringify(Object.fromEntries(states))}`);
    console.log(
      `payouts per second at ${CLIENTS} concurrent approvals: ${(paid / seconds).toFixed(1)} (${paid} paid in ${seconds.toFixed(2)} s)`,
    );
    for (const failure of failures.slice(0, 5)) console.log(`  refused: ${failure}`);

    const once = await sql.query<{ withdrawals: number; completed: number; settlements: number }>(`
      SELECT (SELECT count(*)::int FROM withdrawals) AS withdrawals,
             (SELECT count(*)::int FROM withdrawals WHERE status = 2) AS completed,
             (SELECT count(*)::int FROM ledger_transactions WHERE idempotency_key LIKE 'payout-settle:%') AS settlements`);
    const check = once.rows[0]!;
    console.log(`withdrawals ${check.withdrawals}, completed ${check.completed}, payout settlements ${check.settlements}`);
    const report = await reconcileLedger(app.deps.db);
    console.log(formatReconcileReport(report));
    if (!report.ok || failures.length > 0 || paid !== ids.length || check.settlements !== ids.length) process.exitCode = 1;
  } finally {
    await sql.end();
    if (app) await app.close();
    await sim.close();
    await bench.remove();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(2);
});
