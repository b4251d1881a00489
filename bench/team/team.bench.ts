/* eslint-disable max-lines -- one benchmark run: it starts its database, seeds the team tree, measures and prints; the steps read in order. */
/**
 * Team bench (`npm run bench:team -w @tuzo/bench`). Starts a throw-away embedded PostgreSQL, builds the real app on
 * it, seeds TEAM_MEMBERS (default 1,000,000) members with set-based SQL in a realistic tree, then measures the team
 * actions through HTTP for one leader: allmyDownlines, and myDownlines first pages, searches, status filters and a
 * deep page. Prints the seeding time and p50/p95 per query. Bounded: a hard stop after 10 minutes.
 *
 * The tree: three leaders, each with LEADER_L1 direct members, LEADER_L2 on their level 2 and LEADER_L3 on level 3
 * (sponsors picked at random on the level above); the rest is a general population grown in waves, each member
 * sponsored by a random earlier one (most recruit 0-5, early members more). Every member gets an id in join order,
 * and the members of one wave are shuffled, so a leader's team is spread over the table as a real one would be.
 * The leaders' active members carry activations and ledger commissions, so Earned is read for real.
 */
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { startBenchDatabase } from '../lib/database.ts';
import { formatReconcileReport, reconcileLedger } from '../../apps/server/src/ledger/reconcile.ts';
import { hashToken } from '../../apps/server/src/modules/auth/tokens.ts';

const TOTAL = Number(process.env.TEAM_MEMBERS ?? 1_000_000);
const REQUESTS = Number(process.env.TEAM_REQUESTS ?? 300);
const LEADERS = 3;
const LEADER_L1 = Math.round(TOTAL * 0.011); // 11,000 of 1,000,000
const LEADER_L2 = Math.round(TOTAL * 0.045);
const LEADER_L3 = Math.round(TOTAL * 0.065);
const GENERAL = TOTAL - LEADERS * (1 + LEADER_L1 + LEADER_L2 + LEADER_L3);
/** Share of the general population per wave; wave 0 are the roots (under the house account). */
const GENERAL_WAVES = [0.01, 0.1, 0.29, 0.6];
const FIRST_NAMES = [
  'amina',
  'brian',
  'cynthia',
  'david',
  'esther',
  'felix',
  'grace',
  'hassan',
  'irene',
  'james',
  'kevin',
  'lucy',
  'mercy',
  'njeri',
  'otieno',
  'peter',
  'quincy',
  'rose',
  'samuel',
  'wanjiru',
];

/** Slot ranges of the seed tree: general waves first (contiguous, so "any earlier general member" is one range). */
function planSlots() {
  let next = 1;
  const take = (n: number) => {
    const range = { lo: next, n };
    next += n;
    return range;
  };
  const waves = GENERAL_WAVES.map((share, index) => take(index === GENERAL_WAVES.length - 1 ? 0 : Math.round(GENERAL * share)));
  const assigned = waves.reduce((sum, wave) => sum + wave.n, 0);
  waves[waves.length - 1] = take(GENERAL - assigned);
  const leaders = Array.from({ length: LEADERS }, () => ({
    self: take(1),
    l1: take(LEADER_L1),
    l2: take(LEADER_L2),
    l3: take(LEADER_L3),
  }));
  return { waves, leaders, generalLo: waves[0]!.lo };
}

/** Also the member-search bench's seed (bench/admin/admin.bench.ts). */
export async function seed(client: pg.Client): Promise<{ leaderIds: bigint[]; seconds: number }> {
  const started = performance.now();
  const plan = planSlots();
  const q = (text: string, values: unknown[] = []) => client.query(text, values);
  const house = await q(`SELECT id FROM members WHERE is_house LIMIT 1`);
  const houseId: string | null = house.rows[0]?.id ?? null;
  const countryRows = await q(`SELECT id, abbreviation FROM countries WHERE abbreviation IN ('KE', 'UG', 'TZ', 'NG')`);
  const country = Object.fromEntries(
    countryRows.rows.map((row: { id: number; abbreviation: string }) => [row.abbreviation, row.id]),
  );

  await q(`CREATE TEMP TABLE seed (slot bigint PRIMARY KEY, wave integer NOT NULL, sponsor_slot bigint)`);
  for (const [index, wave] of plan.waves.entries()) {
    // Wave 0 are roots; later waves pick a sponsor among all earlier general members.
    const sponsor = index === 0 ? 'NULL::bigint' : `${plan.generalLo} + floor(random() * ${wave.lo - plan.generalLo})::bigint`;
    await q(
      `INSERT INTO seed SELECT g, ${index}, ${sponsor} FROM generate_series(${wave.lo}::bigint, ${wave.lo + wave.n - 1}::bigint) g`,
    );
  }
  for (const leader of plan.leaders) {
    await q(`INSERT INTO seed VALUES (${leader.self.lo}, 0, NULL)`);
    const levels = [
      { range: leader.l1, wave: 1, from: leader.self },
      { range: leader.l2, wave: 2, from: leader.l1 },
      { range: leader.l3, wave: 3, from: leader.l2 },
    ];
    for (const { range, wave, from } of levels) {
      await q(
        `INSERT INTO seed SELECT g, ${wave}, ${from.lo} + floor(random() * ${from.n})::bigint FROM generate_series(${range.lo}::bigint, ${range.lo + range.n - 1}::bigint) g`,
      );
    }
  }
  const base = BigInt((await q(`SELECT COALESCE(max(id), 0) AS id FROM members`)).rows[0].id);
  // Ids in join order: by wave, shuffled inside each wave (a sponsor always joined before their recruits).
  await q(
    `CREATE TEMP TABLE seed_ids AS SELECT slot, wave, sponsor_slot, ${base} + row_number() OVER (ORDER BY wave, random()) AS id FROM seed`,
  );
  await q(`ALTER TABLE seed_ids ADD PRIMARY KEY (slot)`);
  await q(`ANALYZE seed_ids`);
  // Bulk load: no per-row triggers (counters, foreign keys); the counters are rebuilt from members afterwards.
  await q(`SET session_replication_role = replica`);
  await q(
    `INSERT INTO members (id, username, email, phone, password_hash, country_id, l1_id, l2_id, l3_id, status, joined_at, activated_at)
     SELECT s.id, n.name || '_' || s.id, n.name || '_' || s.id || '@bench.local', '+2541' || lpad(s.id::text, 8, '0'), 'x',
            CASE WHEN s.id % 20 < 17 THEN $1::integer WHEN s.id % 20 = 17 THEN $2 WHEN s.id % 20 = 18 THEN $3 ELSE $4 END,
            COALESCE(s1.id, $5::bigint), s2.id, s3.id, x.status, j.joined_at,
            CASE WHEN x.status = 'active' THEN j.joined_at + interval '1 hour' END
     FROM seed_ids s
     LEFT JOIN seed_ids s1 ON s1.slot = s.sponsor_slot
     LEFT JOIN seed_ids s2 ON s2.slot = s1.sponsor_slot
     LEFT JOIN seed_ids s3 ON s3.slot = s2.sponsor_slot
     CROSS JOIN LATERAL (SELECT ($6::text[])[1 + (s.id % ${FIRST_NAMES.length})] AS name) n
     CROSS JOIN LATERAL (SELECT now() - interval '400 days' + (s.id - ${base}) * interval '30 seconds' AS joined_at) j
     CROSS JOIN LATERAL (SELECT CASE WHEN s.wave = 0 AND s.sponsor_slot IS NULL AND s.slot >= ${plan.leaders[0]!.self.lo} THEN 'active'
                                     WHEN random() < 0.45 THEN 'active' WHEN random() < 0.03 THEN 'suspended' ELSE 'inactive' END AS status) x
     ORDER BY s.id`,
    [country.KE, country.UG ?? country.KE, country.TZ ?? country.KE, country.NG ?? country.KE, houseId, FIRST_NAMES],
  );
  await q(`SELECT setval('members_id_seq', (SELECT max(id) FROM members))`);
  await q(`SELECT team_counts_rebuild()`);
  const leaderIds = (
    await q(`SELECT id FROM seed_ids WHERE slot = ANY($1::bigint[]) ORDER BY slot`, [plan.leaders.map((l) => l.self.lo)])
  ).rows.map((r: { id: string }) => BigInt(r.id));
  await seedCommissions(q, leaderIds);
  await q(`SET session_replication_role = origin`);
  await q(`VACUUM ANALYZE members`);
  await q(`VACUUM ANALYZE team_counts`);
  await q(`VACUUM ANALYZE activations`);
  await q(`VACUUM ANALYZE ledger_transactions`);
  await q(`VACUUM ANALYZE ledger_postings`);
  return { leaderIds, seconds: (performance.now() - started) / 1000 };
}

/**
 * The commissions the leaders' active members paid them (Kenya's 250 / 150 / 50), as the activation service keys
 * them: one activation row per active member, one ledger transaction and two postings per commission, the leaders'
 * cached balances and running totals to match.
 */
async function seedCommissions(
  q: (text: string, values?: unknown[]) => Promise<pg.QueryResult>,
  leaderIds: bigint[],
): Promise<void> {
  const leaders = leaderIds.map(String);
  await q(
    `INSERT INTO ledger_accounts (code, kind, allow_negative) VALUES ('house:commissions', 'system', true) ON CONFLICT (code) DO NOTHING`,
  );
  await q(
    `INSERT INTO ledger_accounts (code, kind, member_id, wallet) SELECT 'member:' || id || ':balance', 'member', id, 'balance' FROM unnest($1::bigint[]) id ON CONFLICT (code) DO NOTHING`,
    [leaders],
  );
  await q(
    `CREATE TEMP TABLE earned AS
    SELECT m.id AS member_id, x.level, x.upline_id, CASE x.level WHEN 1 THEN 25000 WHEN 2 THEN 15000 ELSE 5000 END::bigint AS amount, m.activated_at
    FROM members m
    CROSS JOIN LATERAL (VALUES (1, m.l1_id), (2, m.l2_id), (3, m.l3_id)) AS x (level, upline_id)
    WHERE m.status = 'active' AND x.upline_id = ANY($1::bigint[])`,
    [leaders],
  );
  await q(
    `INSERT INTO activations (member_id, generation, fee_system_minor, created_at) SELECT DISTINCT member_id, 1, 50000, activated_at FROM earned`,
  );
  await q(`INSERT INTO ledger_transactions (kind, idempotency_key, member_id, memo, created_at)
    SELECT 'commission_l' || level, 'activation:' || member_id || ':1:l' || level, upline_id, 'Level ' || level || ' commission', activated_at FROM earned`);
  await q(`INSERT INTO ledger_postings (transaction_id, account_id, amount_minor, created_at)
    SELECT t.id, a.id, v.amount, t.created_at
    FROM earned e
    JOIN ledger_transactions t ON t.idempotency_key = 'activation:' || e.member_id || ':1:l' || e.level
    CROSS JOIN LATERAL (VALUES ('house:commissions', -e.amount), ('member:' || e.upline_id || ':balance', e.amount)) AS v (code, amount)
    JOIN ledger_accounts a ON a.code = v.code`);
  await q(`UPDATE ledger_accounts a SET balance_minor = s.total FROM (SELECT upline_id, SUM(amount) AS total FROM earned GROUP BY 1) s
           WHERE a.member_id = s.upline_id AND a.wallet = 'balance'`);
  await q(
    `INSERT INTO member_totals (member_id, bucket, total_minor) SELECT upline_id, 'commission_l' || level, SUM(amount) FROM earned GROUP BY 1, 2`,
  );
}

const HTTP_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { base, token, scenarios, requests } = workerData;
(async () => {
  const out = [];
  for (const scenario of scenarios) {
    const url = base + '&' + new URLSearchParams(scenario.query).toString();
    const call = async () => {
      const t0 = performance.now();
      const response = await fetch(url, { headers: { authorization: 'Bearer ' + token } });
      const body = await response.json();
      return { ms: performance.now() - t0, ok: response.status === 200 && body.resultcode === true, body };
    };
    for (let i = 0; i < 20; i += 1) await call();
    const latencies = [];
    let errors = 0;
    let sample = null;
    for (let i = 0; i < requests; i += 1) {
      const result = await call();
      latencies.push(result.ms);
      if (!result.ok) errors += 1;
      sample = result.body;
    }
    out.push({ name: scenario.name, latencies, errors, sample });
  }
  parentPort.postMessage(out);
})();
`;

interface Scenario {
  name: string;
  action: string;
  query: Record<string, string>;
}

function describeSample(sample: { data?: unknown; msg?: string }): string {
  const data = sample.data as { l1?: { total: number }; total?: number; pages?: number; data?: unknown[] } | undefined;
  if (!data) return sample.msg ?? '';
  if (data.l1) return JSON.stringify(data);
  return `total ${data.total}, ${data.data?.length ?? 0} rows, ${data.pages} pages`;
}

async function measure(url: string, token: string, scenarios: Scenario[]) {
  const groups = new Map<string, Scenario[]>();
  for (const scenario of scenarios) groups.set(scenario.action, [...(groups.get(scenario.action) ?? []), scenario]);
  const results: { name: string; p50: number; p95: number; max: number; errors: number; sample: string }[] = [];
  for (const [action, list] of groups) {
    const outcome = await new Promise<
      { name: string; latencies: number[]; errors: number; sample: { data?: unknown; msg?: string } }[]
    >((resolve, reject) => {
      const worker = new Worker(HTTP_WORKER, {
        eval: true,
        workerData: { base: `${url}?action=${action}`, token, scenarios: list, requests: REQUESTS },
      });
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    for (const entry of outcome) {
      const sorted = entry.latencies.sort((a, b) => a - b);
      const at = (quantile: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * quantile))] ?? 0;
      results.push({
        name: entry.name,
        p50: at(0.5),
        p95: at(0.95),
        max: sorted.at(-1) ?? 0,
        errors: entry.errors,
        sample: describeSample(entry.sample),
      });
    }
  }
  return results;
}

async function main(): Promise<void> {
  const hardStop = setTimeout(() => {
    console.error('bench: hard time limit reached, stopping');
    process.exit(2);
  }, 10 * 60_000);
  hardStop.unref();
  const bench = await startBenchDatabase({ prefix: 'tuzo-team-bench', database: 'tuzo_team_bench' });
  const { database, port } = bench;
  console.log(
    `bench: embedded PostgreSQL on 127.0.0.1:${port}; ${TOTAL.toLocaleString('en')} members, ${REQUESTS} requests per query`,
  );
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_ENABLED: 'false',
    TUZO_DEMO_SEED: 'false',
    WEB_DIST_DIR: '/nonexistent',
    HOST: '127.0.0.1',
  });
  const app = await buildApp({ config, databaseUrl: database.url, logger: false });
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address !== 'object') throw new Error('The app is not listening');
    const { leaderIds, seconds } = await seed(client);
    const leader = leaderIds[0]!;
    const token = randomBytes(32).toString('base64url');
    await client.query(`INSERT INTO sessions (member_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '1 day')`, [
      leader.toString(),
      hashToken(token),
    ]);
    const counts = (
      await client.query(`SELECT level, total, active FROM team_counts WHERE upline_id = $1 ORDER BY level`, [leader.toString()])
    ).rows;
    const size = (
      await client.query(
        `SELECT pg_size_pretty(pg_total_relation_size('members')) AS members, (SELECT count(*) FROM members) AS n`,
      )
    ).rows[0];
    console.log(
      `seeded ${Number(size.n).toLocaleString('en')} members in ${seconds.toFixed(1)} s (members table with indexes: ${size.members})`,
    );
    console.log(
      `leader ${leader}: ${counts.map((r: { level: number; total: number; active: number }) => `L${r.level} ${r.total} (${r.active} active)`).join(', ')}`,
    );
    const page = (level: number, extra: Record<string, string> = {}) => ({ level: String(level), ...extra });
    const scenarios: Scenario[] = [
      // The floor: a public action that reads nothing, through the same endpoint (parsing, envelope, HTTP).
      { name: 'ping (baseline, no team work)', action: 'ping', query: {} },
      { name: 'allmyDownlines', action: 'allmyDownlines', query: {} },
      { name: 'myDownlines L1 first page', action: 'myDownlines', query: page(1) },
      { name: 'myDownlines L3 first page', action: 'myDownlines', query: page(3) },
      { name: 'myDownlines L1 status=active', action: 'myDownlines', query: page(1, { status: 'active' }) },
      { name: 'myDownlines L3 status=dormant', action: 'myDownlines', query: page(3, { status: 'dormant' }) },
      { name: 'myDownlines L1 search name "wanjiru"', action: 'myDownlines', query: page(1, { q: 'wanjiru' }) },
      { name: 'myDownlines L3 search name "wanjiru"', action: 'myDownlines', query: page(3, { q: 'wanjiru' }) },
      { name: 'myDownlines L1 search digits "4455"', action: 'myDownlines', query: page(1, { q: '4455' }) },
      { name: 'myDownlines L3 search "kenya" + active', action: 'myDownlines', query: page(3, { q: 'kenya', status: 'active' }) },
      { name: 'myDownlines L3 page 100 (limit 100)', action: 'myDownlines', query: page(3, { page: '100', limit: '100' }) },
    ];
    const results = await measure(`http://127.0.0.1:${address.port}/api`, token, scenarios);
    console.log('');
    const header = ['query', 'p50 ms', 'p95 ms', 'max ms', 'errors', 'answer'];
    const rows = results.map((r) => [r.name, r.p50.toFixed(2), r.p95.toFixed(2), r.max.toFixed(1), String(r.errors), r.sample]);
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
    const line = (cells: string[]) =>
      cells.map((cell, i) => (i === 0 || i === 5 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
    console.log(line(header));
    console.log(widths.map((w) => '-'.repeat(w)).join('  '));
    for (const row of rows) console.log(line(row));
    const goal = (name: string) => (name === 'allmyDownlines' ? 10 : 50);
    const missed = results.filter((r) => !r.name.startsWith('ping') && (r.p95 >= goal(r.name) || r.errors > 0));
    console.log('');
    console.log(
      missed.length === 0
        ? 'goals met: allmyDownlines p95 < 10 ms, myDownlines p95 < 50 ms'
        : `goals missed: ${missed.map((r) => r.name).join('; ')}`,
    );
    if (missed.length > 0) process.exitCode = 1;
    console.log('');
    const report = await reconcileLedger(app.deps.db);
    console.log(formatReconcileReport(report));
    if (!report.ok) process.exitCode = 1;
  } finally {
    await client.end();
    await app.close();
    await bench.remove();
  }
}

// Run only as the entry point: the admin bench imports `seed` from here.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(2);
  });
}
