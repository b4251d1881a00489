/**
 * `npm run bench:snapshot -w @tuzo/bench`: the two designs of issue 16 for a one-statement `userdata`, measured in one
 * run (docs/decisions/041-one-statement-userdata-and-a-leaner-movement.md). The join (what `userdata` runs: the
 * session check's statement reads the member's row, wallets, totals and today's figures) against a snapshot (the
 * same columns kept in one row per member, as writers would maintain it): first the statements alone from 16 pg
 * clients, then over HTTP at 64 connections beside the bare route. The snapshot table is the experiment's own.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { postTransaction } from '../../apps/server/src/ledger/ledger.ts';
import { findSessionMember } from '../../apps/server/src/modules/auth/session.repository.ts';
import { hashToken } from '../../apps/server/src/modules/auth/tokens.ts';
import { USERDATA_SESSION_READ } from '../../apps/server/src/modules/userdata/userdata.service.ts';
import type { SessionRead } from '../../apps/server/src/http/action.ts';
import { runAutocannon } from '../lib/autocannon.ts';
import { startBenchDatabase } from '../lib/database.ts';
import { startBareRoute, USERDATA_CONNECTIONS } from './userdata.bench.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = 2;

async function closedLoop(clients: number, operation: () => Promise<unknown>): Promise<number> {
  let done = 0;
  const deadline = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < deadline) {
        await operation();
        done += 1;
      }
    }),
  );
  return done / SECONDS;
}

async function main(): Promise<void> {
  const bench = await startBenchDatabase({ prefix: 'tuzo-snapshot', database: 'tuzo_bench' });
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_ENABLED: 'false',
    TUZO_DEMO_SEED: 'false',
    WEB_DIST_DIR: '/nonexistent',
    HOST: '127.0.0.1',
  });
  const app = await buildApp({ config, databaseUrl: bench.database.url, logger: false });
  const pool = new pg.Pool({ connectionString: bench.database.url, max: 16 });
  const join: SessionRead = { ...USERDATA_SESSION_READ };
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address !== 'object') throw new Error('The app is not listening');
    const country = await pool.query<{ id: number }>(`SELECT id FROM countries WHERE abbreviation = 'KE'`);
    const member = await pool.query<{ id: string }>(
      `INSERT INTO members (username, email, phone, password_hash, country_id, status, activated_at)
       VALUES ('snapshot_bench', 'snapshot@bench.local', '+254710000001', 'x', $1, 'active', now()) RETURNING id`,
      [country.rows[0]?.id],
    );
    const memberId = member.rows[0]!.id;
    const token = randomBytes(32).toString('base64url');
    await pool.query(`INSERT INTO sessions (member_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '1 day')`, [
      memberId,
      hashToken(token),
    ]);
    for (const [i, wallet] of (['deposit', 'balance', 'youtube', 'tiktok', 'ads'] as const).entries()) {
      await app.deps.db.transaction((tx) =>
        postTransaction(tx, {
          kind: 'deposit',
          idempotencyKey: `snapshot:${i}`,
          memberId: BigInt(memberId),
          legs: [
            { account: { system: 'provider:manual' }, amountMinor: -1000n },
            { account: { memberId: BigInt(memberId), wallet }, amountMinor: 1000n },
          ],
        }),
      );
    }
    // The snapshot: every column `userdata` reads, computed once into one row per member.
    const [timeZone, day, cap] = join.values(app.deps, new Date()).map(String);
    const columns = join.columns
      .replace(/\$2/g, 'now()')
      .replace(/\$4/g, `'${timeZone}'`)
      .replace(/\$5/g, `'${day}'`)
      .replace(/\$6/g, String(cap));
    await pool.query(`CREATE TABLE member_snapshots AS SELECT m.id AS member_id, ${columns} FROM members m ${join.joins}`);
    await pool.query('ALTER TABLE member_snapshots ADD PRIMARY KEY (member_id)');
    await pool.query('VACUUM ANALYZE');
    const snapshot: SessionRead = {
      name: 'userdata_snapshot',
      columns: '(SELECT version::text FROM reference_version WHERE id) AS "referenceVersion", ms.*',
      joins: 'JOIN member_snapshots ms ON ms.member_id = m.id',
      values: () => [],
    };
    const tokenHash = hashToken(token);
    const lookup = (read: SessionRead) => () =>
      findSessionMember(pool, {
        tokenHash,
        now: new Date(),
        isBackgroundPoll: true,
        read: { name: read.name, columns: read.columns, joins: read.joins, values: read.values(app.deps, new Date()) },
      });
    const bare = await startBareRoute(bench.database.url, memberId);
    const appUrl = `http://127.0.0.1:${address.port}/api?action=userdata`;
    const headers = { authorization: `Bearer ${token}` };
    try {
      for (let round = 1; round <= ROUNDS; round += 1) {
        const session = await closedLoop(16, () =>
          findSessionMember(pool, { tokenHash, now: new Date(), isBackgroundPoll: true }),
        );
        const joined = await closedLoop(16, lookup(join));
        const snapped = await closedLoop(16, lookup(snapshot));
        console.log(
          `round ${round}, statements/s at 16 pg clients: session only ${session.toFixed(0)}, session + join ${joined.toFixed(0)}, session + snapshot ${snapped.toFixed(0)}`,
        );
        const bareHttp = await runAutocannon({
          name: 'bare',
          url: bare.url,
          connections: USERDATA_CONNECTIONS,
          seconds: SECONDS,
        });
        const http: Record<string, string> = {};
        for (const [name, read] of [
          ['join', join],
          ['snapshot', snapshot],
        ] as const) {
          Object.assign(USERDATA_SESSION_READ, read);
          const result = await runAutocannon({ name, url: appUrl, connections: USERDATA_CONNECTIONS, seconds: SECONDS, headers });
          http[name] =
            `${result.perSecond.toFixed(0)}/s p99 ${result.p99ms} ms (ratio ${(result.perSecond / bareHttp.perSecond).toFixed(3)}, ${result.non2xx + result.errors} errors)`;
        }
        console.log(
          `round ${round}, HTTP at ${USERDATA_CONNECTIONS} connections: bare ${bareHttp.perSecond.toFixed(0)}/s; join ${http.join}; snapshot ${http.snapshot}`,
        );
      }
    } finally {
      await bare.close();
    }
  } finally {
    Object.assign(USERDATA_SESSION_READ, join);
    await pool.end();
    await app.close();
    await bench.remove();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(2);
});
