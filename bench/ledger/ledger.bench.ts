/* eslint-disable max-lines -- one benchmark run: it starts its database and servers, measures each pair, prints the figures and ratios, and stops them; the steps read in order. */
/**
 * `npm run bench`, one run, two pairs on one embedded PostgreSQL: (1) `userdata` beside a bare Fastify route doing one
 * pg SELECT, autocannon at 64 connections, with the change feed and without it (the fingerprint), and the
 * session-check ceiling (bench/userdata/userdata.bench.ts);
 * (2) ledger throughput below.
 *
 * Ledger throughput bench. Starts a throw-away embedded PostgreSQL, builds the real app on it,
 * listens on a loopback port, seeds payer/client pairs with money, then measures money movements per second through
 * HTTP /api (`payforclient`: one balanced ledger transaction + a transfer row each) with 1 and 16 concurrent clients,
 * and a raw-SQL loop equivalent to pgbench's simple-update on the same server. Ends with a reconcile of the ledger.
 * The HTTP load comes from autocannon in its own process, one payer per connection (lib/autocannon-clients.ts), so
 * the Node figures are the server's alone; the earlier generator (fetch in a worker thread of this process) is run
 * once at 16 clients for comparison with earlier runs.
 * Beside them, the ledger core on its own: `ledger_record_movement(jsonb)` called directly in SQL with payforclient's
 * payload at 1 and 16 clients (sql-movement.ts), with the ratios SQL movement / simple-update (the ledger's own cost)
 * and HTTP / SQL movement (the server's), and a profile of it at 16 clients.
 * Bounded: BENCH_SECONDS (default 10) per run, a hard stop after 5 minutes. BENCH_SKIP_USERDATA=1 skips the userdata
 * pair.
 */
import { randomBytes } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { postTransaction } from '../../apps/server/src/ledger/ledger.ts';
import { formatReconcileReport, reconcileLedger } from '../../apps/server/src/ledger/reconcile.ts';
import { hashToken } from '../../apps/server/src/modules/auth/tokens.ts';
import { startBenchDatabase } from '../lib/database.ts';
import { observePool, printProfile } from '../lib/pool-profile.ts';
import { observeTime, printTimeProfile, PROFILE_POSTGRES_FLAGS } from '../lib/where-time-goes.ts';
import { benchUserdata, USERDATA_CONNECTIONS } from '../userdata/userdata.bench.ts';
import { runAutocannonClients, type LoadResult } from '../lib/autocannon.ts';
import { measure, openClients, SECONDS, type Result } from './measure.ts';
import { sqlMovementLoop, movementPairs, printLedgerRatios } from './sql-movement.ts';

const CLIENT_COUNTS = [1, 16] as const;
const PAIRS = 16;
const PGBENCH_ACCOUNTS = 100_000;
/** BENCH_SKIP_USERDATA=1 skips the userdata pair (to iterate on the ledger pair alone). */
const SKIP_USERDATA = process.env.BENCH_SKIP_USERDATA === '1';

/**
 * The HTTP load runs in a worker thread so the load generator does not share the server's event loop (the server
 * alone is measured, as an external client would see it). Closed loop: each client awaits its previous call.
 */
const HTTP_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, pairs, clients, seconds } = workerData;
(async () => {
  const latencies = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(Array.from({ length: clients }, async (_, worker) => {
    const pair = pairs[worker % pairs.length];
    while (performance.now() < deadline) {
      const t0 = performance.now();
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: 'Bearer ' + pair.token },
          body: JSON.stringify({ acc: '2', reusername: pair.client, amount: '1.00' }),
        });
        await response.arrayBuffer();
        if (response.status !== 200) errors += 1;
      } catch { errors += 1; }
      latencies.push(performance.now() - t0);
    }
  }));
  parentPort.postMessage({ latencies, errors, seconds: (performance.now() - started) / 1000 });
})();
`;

async function measureHttp(url: string, pairs: { token: string; client: string }[], clients: number): Promise<Result> {
  const outcome = await new Promise<{ latencies: number[]; errors: number; seconds: number }>((resolve, reject) => {
    const worker = new Worker(HTTP_WORKER, { eval: true, workerData: { url, pairs, clients, seconds: SECONDS } });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  const latencies = outcome.latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? 0;
  const operations = latencies.length - outcome.errors;
  return {
    scenario: 'HTTP payforclient (ledger)',
    clients,
    operations,
    errors: outcome.errors,
    seconds: outcome.seconds,
    perSecond: operations / outcome.seconds,
    p50ms: at(0.5),
    p99ms: at(0.99),
  };
}

function fromLoad(load: LoadResult): Result {
  return {
    scenario: load.name,
    clients: load.connections,
    operations: load.requests - load.non2xx - load.errors,
    errors: load.non2xx + load.errors,
    seconds: SECONDS,
    perSecond: load.perSecond,
    p50ms: load.p50ms,
    p99ms: load.p99ms,
  };
}

async function seedPairs(sql: pg.Pool, app: Awaited<ReturnType<typeof buildApp>>) {
  const country = await sql.query<{ id: number }>(`SELECT id FROM countries WHERE abbreviation = 'KE'`);
  const countryId = country.rows[0]?.id;
  if (countryId === undefined) throw new Error('The start-up seed did not create Kenya');
  const pairs: { token: string; client: string; payerId: string }[] = [];
  for (let i = 0; i < PAIRS; i += 1) {
    const tag = randomBytes(3).toString('hex');
    const payer = await sql.query<{ id: string }>(
      `INSERT INTO members (username, email, phone, password_hash, country_id, status, activated_at)
       VALUES ($1, $1 || '@bench.local', $2, 'x', $3, 'active', now()) RETURNING id`,
      [`bench_payer_${i}_${tag}`, `+25471${String(i).padStart(7, '0')}`, countryId],
    );
    const payerId = BigInt(payer.rows[0]!.id);
    const client = `bench_client_${i}_${tag}`;
    await sql.query(
      `INSERT INTO members (username, email, phone, password_hash, country_id, l1_id) VALUES ($1, $1 || '@bench.local', $2, 'x', $3, $4)`,
      [client, `+25472${String(i).padStart(7, '0')}`, countryId, payerId.toString()],
    );
    const token = randomBytes(32).toString('base64url');
    await sql.query(`INSERT INTO sessions (member_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '1 day')`, [
      payerId.toString(),
      hashToken(token),
    ]);
    await app.deps.db.transaction((tx) =>
      postTransaction(tx, {
        kind: 'deposit',
        idempotencyKey: `bench:seed:${payerId}`,
        memberId: payerId,
        legs: [
          { account: { system: 'provider:manual' }, amountMinor: -1_000_000_000n },
          { account: { memberId: payerId, wallet: 'deposit' }, amountMinor: 1_000_000_000n },
        ],
      }),
    );
    pairs.push({ token, client, payerId: payerId.toString() });
  }
  return pairs;
}

async function setupPgbench(sql: pg.Pool): Promise<void> {
  await sql.query('DROP TABLE IF EXISTS pgb_history; DROP TABLE IF EXISTS pgb_accounts');
  await sql.query(
    'CREATE TABLE pgb_accounts (aid integer PRIMARY KEY, bid integer NOT NULL, abalance integer NOT NULL, filler char(84))',
  );
  await sql.query(
    'CREATE TABLE pgb_history (tid integer, bid integer, aid integer, delta integer, mtime timestamp, filler char(22))',
  );
  await sql.query(`INSERT INTO pgb_accounts SELECT g, 1, 0, '' FROM generate_series(1, ${PGBENCH_ACCOUNTS}) g`);
  await sql.query('VACUUM ANALYZE pgb_accounts');
}

/** pgbench's "simple-update" script (-N): update one account, read it back, append history, in one transaction. */
async function pgbenchLoop(url: string, clients: number, profile: { dataDir: string } | null = null): Promise<Result> {
  const connections = await openClients(url, clients);
  // Observed while the loop's own connections are open (a backend that has ended is no longer in /proc).
  const stopTime = profile ? await observeTime({ databaseUrl: url, dataDir: profile.dataDir }) : null;
  const started = performance.now();
  try {
    const result = await measure('SQL simple-update (pgbench -N)', clients, async (worker) => {
      const client = connections[worker]!;
      const aid = 1 + Math.floor(Math.random() * PGBENCH_ACCOUNTS);
      const delta = Math.floor(Math.random() * 10_001) - 5_000;
      await client.query('BEGIN');
      await client.query('UPDATE pgb_accounts SET abalance = abalance + $1 WHERE aid = $2', [delta, aid]);
      await client.query('SELECT abalance FROM pgb_accounts WHERE aid = $1', [aid]);
      await client.query('INSERT INTO pgb_history (tid, bid, aid, delta, mtime) VALUES ($1, 1, $2, $3, CURRENT_TIMESTAMP)', [
        worker + 1,
        aid,
        delta,
      ]);
      await client.query('END');
      return true;
    });
    if (stopTime)
      printTimeProfile(
        `simple-update profile (${clients} clients)`,
        await stopTime(),
        result.operations,
        performance.now() - started,
      );
    return result;
  } finally {
    await Promise.all(connections.map((c) => c.end()));
  }
}

function printTable(results: Result[]): void {
  const header = ['scenario', 'clients', 'ops', 'errors', 'ops/s', 'p50 ms', 'p99 ms'];
  const rows = results.map((r) => [
    r.scenario,
    String(r.clients),
    String(r.operations),
    String(r.errors),
    r.perSecond.toFixed(1),
    r.p50ms.toFixed(2),
    r.p99ms.toFixed(2),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

/** `payforclient` over HTTP at 1 and 16 clients (autocannon), with the pool and time profiles at 16. */
async function httpPayforclient(
  app: Awaited<ReturnType<typeof buildApp>>,
  base: string,
  pairs: readonly { token: string; client: string }[],
  where: { databaseUrl: string; dataDir: string },
): Promise<Result[]> {
  const results: Result[] = [];
  const callers = pairs.map((pair) => ({
    token: pair.token,
    body: JSON.stringify({ acc: '2', reusername: pair.client, amount: '1.00' }),
  }));
  for (const clients of CLIENT_COUNTS) {
    const stop = clients === 16 ? observePool(app.deps.pool) : null;
    const stopTime = clients === 16 ? await observeTime(where) : null;
    const started = performance.now();
    const load = await runAutocannonClients({
      name: 'HTTP payforclient (ledger)',
      url: base,
      connections: clients,
      seconds: SECONDS,
      callers,
    });
    const result = fromLoad(load);
    results.push(result);
    const wallMs = performance.now() - started;
    if (stop) printProfile('payforclient profile (16 clients)', stop(), result.operations + result.errors, wallMs, clients);
    if (stopTime) printTimeProfile('payforclient profile (16 clients)', await stopTime(), result.operations, wallMs);
  }
  return results;
}

function printUserdata(loads: Awaited<ReturnType<typeof benchUserdata>>): void {
  const { userdata, fingerprint, bare, sessionOnly } = loads;
  console.log('');
  console.log(`userdata at ${USERDATA_CONNECTIONS} connections (autocannon, ${SECONDS}s each):`);
  printTable([userdata, fingerprint, sessionOnly, bare].map(fromLoad));
  for (const load of [userdata, fingerprint])
    console.log(
      `ratio ${load.name} / bare route = ${(load.perSecond / bare.perSecond).toFixed(3)} (goal >= 0.7); p99 ${load.p99ms} ms (goal < 25 ms)`,
    );
  console.log(
    `ceiling: ping with a token / bare route = ${(sessionOnly.perSecond / bare.perSecond).toFixed(3)} (the app's pipeline and session check alone)`,
  );
}

/** A second app on the bench database built without the change feed (decision 043's path), for `userdata`'s pair. */
async function withFingerprintApp<T>(
  config: ReturnType<typeof loadConfig>,
  databaseUrl: string,
  run: (app: Awaited<ReturnType<typeof buildApp>>, url: string) => Promise<T>,
): Promise<T> {
  const app = await buildApp({ config, databaseUrl, logger: false, changeFeed: false });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address !== 'object') throw new Error('The fingerprint app is not listening');
    return await run(app, `http://127.0.0.1:${address.port}`);
  } finally {
    await app.close();
  }
}

async function main(): Promise<void> {
  const hardStop = setTimeout(() => {
    console.error('bench: hard time limit reached, stopping');
    process.exit(2);
  }, 5 * 60_000);
  hardStop.unref();
  const bench = await startBenchDatabase({ prefix: 'tuzo-bench', database: 'tuzo_bench', postgresFlags: PROFILE_POSTGRES_FLAGS });
  const { database } = bench;
  console.log(`bench: embedded PostgreSQL on 127.0.0.1:${bench.port} in ${bench.dataDir}; ${SECONDS}s per run`);
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_ENABLED: 'false',
    TUZO_DEMO_SEED: 'false',
    WEB_DIST_DIR: '/nonexistent',
    HOST: '127.0.0.1',
  });
  const app = await buildApp({ config, databaseUrl: database.url, logger: false });
  const sql = new pg.Pool({ connectionString: database.url, max: 4 });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address !== 'object') throw new Error('The app is not listening');
    const appUrl = `http://127.0.0.1:${address.port}`;
    const base = `${appUrl}/api?action=payforclient`;
    const pairs = await seedPairs(sql, app);
    const first = pairs[0]!;
    const userdataLoads = SKIP_USERDATA
      ? null
      : await withFingerprintApp(config, database.url, (fingerprintApp, fingerprintUrl) =>
          benchUserdata({
            app,
            appUrl,
            fingerprintApp,
            fingerprintUrl,
            databaseUrl: database.url,
            member: { id: first.payerId, token: first.token },
            seconds: SECONDS,
            dataDir: bench.dataDir,
          }),
        );
    const results = await httpPayforclient(app, base, pairs, { databaseUrl: database.url, dataDir: bench.dataDir });
    // The generator of the earlier runs (fetch in a worker thread of this process), kept for comparison with them.
    results.push({ ...(await measureHttp(base, pairs, 16)), scenario: 'HTTP payforclient, fetch worker in-process' });
    await setupPgbench(sql);
    for (const clients of CLIENT_COUNTS)
      results.push(await pgbenchLoop(database.url, clients, clients === 16 ? { dataDir: bench.dataDir } : null));
    const movementPairsSeeded = await movementPairs(sql, pairs);
    for (const clients of CLIENT_COUNTS)
      results.push(
        await sqlMovementLoop(database.url, movementPairsSeeded, clients, clients === 16 ? { dataDir: bench.dataDir } : null),
      );
    console.log('');
    if (userdataLoads) printUserdata(userdataLoads);
    console.log('');
    console.log('money movements (payforclient over HTTP, ledger_record_movement in SQL) beside SQL simple-updates:');
    printTable(results);
    console.log('');
    printLedgerRatios(results, CLIENT_COUNTS);
    console.log('');
    const report = await reconcileLedger(app.deps.db);
    console.log(formatReconcileReport(report));
    if (!report.ok) process.exitCode = 1;
  } finally {
    await sql.end();
    await app.close();
    await bench.remove();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(2);
});
