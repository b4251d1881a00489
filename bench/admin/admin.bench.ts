/**
 * Member search bench (`npm run bench:admin -w @tuzo/bench`). Starts a throw-away embedded PostgreSQL, builds the real
 * app on it, seeds TEAM_MEMBERS (default 1,000,000) members with the team bench's seed (bench/team/team.bench.ts),
 * then calls the operator's `adminmembers` through HTTP: the first page, partial username, phone and email searches,
 * filters and a deep page. Prints p50/p95 per query; the goal is p95 under 300 ms. Bounded: a hard stop after 12
 * minutes.
 *
 * The search index (`members_search_trgm`, migration 0160) is dropped before the bulk load and built once after it,
 * as an operator importing members in bulk would do; the query plans are the production ones.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import type { SecretBox } from '../../apps/server/src/lib/secret-box.ts';
import { hashToken } from '../../apps/server/src/modules/auth/tokens.ts';
import { totpSecretContext } from '../../apps/server/src/modules/auth/totp-sealing.ts';
import { startBenchDatabase } from '../lib/database.ts';
import { seed } from '../team/team.bench.ts';

const REQUESTS = Number(process.env.ADMIN_REQUESTS ?? 60);
const GOAL_MS = 300;
const SEARCH_INDEX = `CREATE INDEX members_search_trgm ON members USING gin ((lower(username) || ' ' || lower(email) || ' ' || phone) gin_trgm_ops)`;

interface Scenario {
  name: string;
  query: Record<string, string>;
}

/** A signed-in operator (with two-factor sign-in marked on where the schema has it, as staff actions need). */
/** The secret is stored sealed, as the app stores it (docs/decisions/022-secret-keys.md). */
async function operatorToken(client: pg.Client, secrets: SecretBox): Promise<string> {
  const row = (await client.query(`SELECT id FROM members WHERE NOT is_house ORDER BY id LIMIT 1`)).rows[0] as { id: string };
  await client.query(`UPDATE members SET role = 'operator' WHERE id = $1`, [row.id]);
  const hasTotp =
    (
      await client.query(
        `SELECT 1 FROM information_schema.columns WHERE table_name = 'members' AND column_name = 'totp_enabled_at'`,
      )
    ).rows.length > 0;
  if (hasTotp)
    await client.query(`UPDATE members SET totp_enabled_at = now(), totp_secret = $2 WHERE id = $1`, [
      row.id,
      secrets.seal('JBSWY3DPEHPK3PXP', totpSecretContext(BigInt(row.id))),
    ]);
  const token = randomBytes(32).toString('base64url');
  await client.query(`INSERT INTO sessions (member_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '1 day')`, [
    row.id,
    hashToken(token),
  ]);
  return token;
}

async function measure(base: string, token: string, scenario: Scenario) {
  const url = `${base}?${new URLSearchParams({ action: 'adminmembers', ...scenario.query }).toString()}`;
  const call = async () => {
    const started = performance.now();
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const body = (await response.json()) as {
      resultcode: boolean;
      msg: string;
      data: { total: number; is_total_capped: boolean; rows: unknown[] } | null;
    };
    return { ms: performance.now() - started, body };
  };
  for (let i = 0; i < 5; i += 1) await call();
  const latencies: number[] = [];
  let errors = 0;
  let last = await call();
  for (let i = 0; i < REQUESTS; i += 1) {
    last = await call();
    latencies.push(last.ms);
    if (!last.body.resultcode) errors += 1;
  }
  latencies.sort((a, b) => a - b);
  const at = (quantile: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * quantile))] ?? 0;
  const data = last.body.data;
  const answer = data ? `${data.rows.length} rows of ${data.total}${data.is_total_capped ? '+' : ''}` : last.body.msg;
  return { name: scenario.name, p50: at(0.5), p95: at(0.95), max: latencies.at(-1) ?? 0, errors, answer };
}

async function main(): Promise<void> {
  const hardStop = setTimeout(() => {
    console.error('bench: hard time limit reached, stopping');
    process.exit(2);
  }, 12 * 60_000);
  hardStop.unref();
  const bench = await startBenchDatabase({ prefix: 'tuzo-admin-bench', database: 'tuzo_admin_bench' });
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_ENABLED: 'false',
    TUZO_DEMO_SEED: 'false',
    WEB_DIST_DIR: '/nonexistent',
    HOST: '127.0.0.1',
  });
  const app = await buildApp({ config, databaseUrl: bench.database.url, logger: false });
  const client = new pg.Client({ connectionString: bench.database.url });
  await client.connect();
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address !== 'object') throw new Error('The app is not listening');
    await client.query(`DROP INDEX members_search_trgm`);
    const { seconds } = await seed(client);
    const indexStarted = performance.now();
    await client.query(SEARCH_INDEX);
    await client.query(`ANALYZE members`);
    const indexSeconds = (performance.now() - indexStarted) / 1000;
    const size = (
      await client.query(`SELECT count(*) AS n, pg_size_pretty(pg_relation_size('members_search_trgm')) AS trgm FROM members`)
    ).rows[0] as { n: string; trgm: string };
    console.log(
      `bench: ${Number(size.n).toLocaleString('en')} members seeded in ${seconds.toFixed(1)} s; search index built in ${indexSeconds.toFixed(1)} s (${size.trgm}); ${REQUESTS} requests per query`,
    );
    const token = await operatorToken(client, app.deps.secrets);
    const kenya = (await client.query(`SELECT id FROM countries WHERE abbreviation = 'KE'`)).rows[0] as
      { id: number } | undefined;
    const scenarios: Scenario[] = [
      { name: 'first page, no filter', query: {} },
      { name: 'username part "wanjiru_4242"', query: { q: 'wanjiru_4242' } },
      { name: 'username part "grace"', query: { q: 'grace' } },
      { name: 'phone digits "0044551"', query: { q: '0044551' } },
      { name: 'email part "esther_77@bench"', query: { q: 'esther_77@bench' } },
      { name: 'status suspended', query: { status: 'suspended' } },
      {
        name: 'Kenya, joined in 60 days',
        query: { country: String(kenya?.id ?? 1), joined_from: day(-300), joined_to: day(-240) },
      },
      { name: '"grace" + active + Kenya', query: { q: 'grace', status: 'active', country: String(kenya?.id ?? 1) } },
      { name: 'page 100 (limit 100)', query: { page: '100', limit: '100' } },
    ];
    const results = [];
    for (const scenario of scenarios) results.push(await measure(`http://127.0.0.1:${address.port}/api`, token, scenario));
    const header = ['adminmembers query', 'p50 ms', 'p95 ms', 'max ms', 'errors', 'answer'];
    const rows = results.map((r) => [r.name, r.p50.toFixed(1), r.p95.toFixed(1), r.max.toFixed(1), String(r.errors), r.answer]);
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
    const line = (cells: string[]) =>
      cells.map((cell, i) => (i === 0 || i === 5 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
    console.log('');
    console.log(line(header));
    console.log(widths.map((w) => '-'.repeat(w)).join('  '));
    for (const row of rows) console.log(line(row));
    const missed = results.filter((r) => r.p95 >= GOAL_MS || r.errors > 0);
    console.log('');
    console.log(
      missed.length === 0
        ? `goal met: every member search p95 < ${GOAL_MS} ms`
        : `goal missed: ${missed.map((r) => r.name).join('; ')}`,
    );
    if (missed.length > 0) process.exitCode = 1;
  } finally {
    await client.end();
    await app.close();
    await bench.remove();
  }
}

/** YYYY-MM-DD, `offset` days from today. */
function day(offset: number): string {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(2);
});
