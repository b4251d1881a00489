/**
 * Fraud bench (`npm run bench:fraud -w @tuzo/bench`, part of `npm run bench`; issue 27, decision 061). A seeded
 * population (FRAUD_SEED, printed) of FRAUD_MEMBERS (default 10,000) ordinary members with accidental sharing
 * (families, cybercafes, one office network, M-Pesa agents: bench/fraud/sharing.ts) and 100 planted rings
 * (bench/fraud/rings.ts) is inserted into a throw-away embedded PostgreSQL migrated by the real app; every event is
 * fed in time order through the detector's front door (recordSignals). Prints the share of rings found (at least 2
 * accounts in one open cluster) and found whole, the careful rings apart, what was missed and why, and the share of
 * ordinary members in a cluster and in an open one by sharing type. Then the cost through HTTP: p95 of `register`
 * and `activateaccount`, FRAUD_COST_REQUESTS (default 200) each with `fraud.collect` on and off, alternating.
 * Goals: at least 95% of rings found, at most 2% of ordinary members in a cluster, at most 5 ms added to p95.
 */
import { startProviderSim, serverSettings } from '@tuzo/provider-sim';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { formatReconcileReport, reconcileLedger } from '../../apps/server/src/ledger/reconcile.ts';
import { startBenchDatabase } from '../lib/database.ts';
import { printClusterShape, printDirectRule, printOrdinary, printRings, readPlacement } from './analyse.ts';
import { measureCost, printCost, setFraud } from './cost.ts';
import { generatePopulation } from './events.ts';
import { insertMembers, replayEvents } from './load.ts';
import { seededRandom } from './seeded-random.ts';

const ORDINARY = Number(process.env.FRAUD_MEMBERS ?? 10_000);
const REQUESTS = Number(process.env.FRAUD_COST_REQUESTS ?? 200);
const SEED = Number(process.env.FRAUD_SEED ?? 20261128);
const WORKERS = Number(process.env.FRAUD_REPLAY_WORKERS ?? 4);
/** fraud.max_accounts_per_signal for the replay; unset keeps the setting's default. */
const MAX_ACCOUNTS = process.env.FRAUD_MAX_ACCOUNTS ? Number(process.env.FRAUD_MAX_ACCOUNTS) : null;

const verdict = (met: boolean) => (met ? 'met' : 'NOT met');

async function detection(app: Awaited<ReturnType<typeof buildApp>>, sql: pg.Pool) {
  const random = seededRandom(SEED);
  const population = generatePopulation(random, ORDINARY);
  console.log(`fraud bench: seed ${SEED}, ${population.ordinary} ordinary members, ${population.events.length} events`);
  const ids = await insertMembers(sql, population);
  if (MAX_ACCOUNTS !== null) await setFraud(sql, { max_accounts_per_signal: MAX_ACCOUNTS });
  const settings = await sql.query<{ value: unknown }>(`SELECT value FROM settings WHERE key = 'fraud'`);
  console.log(`fraud setting: ${JSON.stringify(settings.rows[0]?.value ?? 'default (collect, 25 accounts per value)')}`);
  const seconds = await replayEvents(app, population, ids, WORKERS);
  console.log(
    `replayed through recordSignals in ${seconds.toFixed(0)} s (${(population.events.length / seconds).toFixed(0)} events/s)`,
  );
  const placement = await readPlacement(sql, ids);
  const rings = printRings(population, placement);
  const ordinary = printOrdinary(population, placement);
  await printClusterShape(sql, ids.slice(0, population.ordinary));
  await printDirectRule(sql, population, ids);
  const sponsor = population.people.find((person) => person.activates && !placement.cluster.has(person.index))!;
  return { rings, ordinary, random, sponsor: { id: ids[sponsor.index]!, username: sponsor.username } };
}

async function main(): Promise<void> {
  const hardStop = setTimeout(() => process.exit(2), 20 * 60_000);
  hardStop.unref();
  const bench = await startBenchDatabase({ prefix: 'tuzo-bench-fraud', database: 'tuzo_bench_fraud' });
  const sim = await startProviderSim();
  const sql = new pg.Pool({ connectionString: bench.database.url, max: 2 });
  const env = { NODE_ENV: 'production', LOG_LEVEL: 'silent', RATE_LIMIT_ENABLED: 'false', TUZO_DEMO_SEED: 'false' };
  const config = loadConfig({
    ...env,
    WEB_DIST_DIR: '/nonexistent',
    HOST: '127.0.0.1',
    TRUST_PROXY: 'loopback',
    ...serverSettings(sim),
  });
  const app = await buildApp({ config, databaseUrl: bench.database.url, logger: false });
  try {
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const found = await detection(app, sql);
    const cost = await measureCost(app, sql, { base, requests: REQUESTS, sponsor: found.sponsor, random: found.random });
    const signup = printCost('sign-up (register)', cost.signup);
    const activation = printCost('activation (activateaccount)', cost.activation);
    const { rings, ordinary } = found;
    console.log(`goal rings found >= 95%: ${verdict(rings.found >= 0.95 * rings.total)}`);
    console.log(
      `goal ordinary members in a cluster <= 2%: ${verdict(ordinary.inCluster <= 0.02)} ` +
        `(${(100 * ordinary.inCluster).toFixed(1)}%; in an open cluster ${(100 * ordinary.inOpen).toFixed(1)}%)`,
    );
    console.log(`goal at most 5 ms added to p95: ${verdict(signup <= 5 && activation <= 5)}`);
    const report = await reconcileLedger(app.deps.db);
    console.log(formatReconcileReport(report));
    if (!report.ok) process.exitCode = 1;
  } finally {
    await sql.end();
    await app.close();
    await sim.close();
    await bench.remove();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
