import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ensureDatabase } from '../../apps/server/src/db/embedded.ts';
import { reconcileLedger } from '../../apps/server/src/ledger/reconcile.ts';
import { callAction, createTestAppOn, type TestApp } from '../../apps/server/test/harness.ts';
import { createMember, ensureTestCountries, fund, wallets } from '../../apps/server/test/money-fixtures.ts';
import { startPgBouncer, type PgBouncer } from './pg-bouncer.ts';

// Tuzo through a real PgBouncer (the OS package) in session mode, the mode decision 055 chooses: two apps start
// at once on a fresh database (their migrations meet at the advisory lock, through PgBouncer), then members' money
// actions and reads run concurrently, more requests at a time than PgBouncer has server connections. A last check
// shows why not transaction mode: a named prepared statement (as the ledger sends) breaks there.
const POOL_SIZE = 30;
const MIGRATIONS = fs
  .readdirSync(path.resolve(import.meta.dirname, '../../apps/server/src/db/migrations'))
  .filter((file) => file.endsWith('.sql')).length;

let bouncer: PgBouncer;
let direct: pg.Pool;
let database: string;
let t: TestApp;

beforeAll(async () => {
  const adminUrl = inject('pgAdminUrl');
  database = `t_${randomBytes(6).toString('hex')}`;
  await ensureDatabase(adminUrl, database);
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  direct = new pg.Pool({ connectionString: url.toString(), max: 2 });
  bouncer = await startPgBouncer(adminUrl, { poolMode: 'session', poolSize: POOL_SIZE });
});

afterAll(async () => {
  await t?.close();
  await direct?.end();
  await bouncer?.stop();
});

describe('Tuzo through PgBouncer in session mode', () => {
  it('two apps start at once on a fresh database through PgBouncer: every migration applied once', async () => {
    const [first, second] = await Promise.all([createTestAppOn(bouncer.url(database)), createTestAppOn(bouncer.url(database))]);
    t = first;
    await second.close();
    const applied = (await direct.query<{ name: string }>('SELECT name FROM schema_migrations')).rows;
    expect(applied).toHaveLength(MIGRATIONS);
    // Both apps' connections really went through PgBouncer: PostgreSQL saw them from PgBouncer's server pool.
    const pools = await bouncer.admin('SHOW POOLS');
    expect(pools.some((row) => row.database === database && row.pool_mode === 'session')).toBe(true);
  });

  it('concurrent withdrawals and reads, more at once than server connections: answers right, ledger balances', async () => {
    const c = await ensureTestCountries(t);
    const members = [];
    for (let index = 0; index < 6; index += 1) {
      const member = await createMember(t, { countryId: c.kes, status: 'active' });
      // Affords seven withdrawals of 250 (28,000 minor units each with its charge), not eight.
      await fund(t, member.id, 200_000n, 'balance');
      members.push(member);
    }
    let peak = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const { rows } = await direct.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND backend_type = 'client backend'",
          [database],
        );
        peak = Math.max(peak, rows[0]!.n);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const started = performance.now();
    const answers = await Promise.all(
      members.flatMap((member) => [
        ...Array.from({ length: 8 }, () =>
          callAction(t.app, 'systemwithdrawal', { token: member.token, payload: { acc: '1', amount: '250' } }),
        ),
        ...Array.from({ length: 4 }, () => callAction(t.app, 'userdata', { token: member.token })),
      ]),
    );
    const seconds = (performance.now() - started) / 1000;
    sampling = false;
    await sampler;
    const withdrawals = answers.filter((_, index) => index % 12 < 8);
    const reads = answers.filter((_, index) => index % 12 >= 8);
    expect(answers.length).toBeGreaterThan(POOL_SIZE);
    expect(reads.every((answer) => answer.httpStatus === 200)).toBe(true);
    expect(withdrawals.filter((answer) => answer.httpStatus === 200)).toHaveLength(6 * 7);
    expect(withdrawals.filter((answer) => answer.httpStatus === 422)).toHaveLength(6);
    for (const member of members) expect((await wallets(t, member.id)).balance).toBe(200_000n - 7n * 28_000n);
    const count = await direct.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM withdrawals WHERE member_id = ANY($1::bigint[])',
      [members.map((member) => member.id.toString())],
    );
    expect(count.rows[0]!.n).toBe(42);
    const report = await reconcileLedger(t.app.deps.db);
    expect(report.ok).toBe(true);
    expect(peak).toBeLessThanOrEqual(POOL_SIZE);
    console.log(`[pgbouncer] ${answers.length} requests in ${seconds.toFixed(2)} s, peak ${peak} server connections`);
  });
});

describe('why not transaction mode (PgBouncer 1.18)', () => {
  it('a named prepared statement, as node-postgres sends it, is lost when the next transaction gets another server', async () => {
    const transaction = await startPgBouncer(inject('pgAdminUrl'), { poolMode: 'transaction', poolSize: 2 });
    const a = new pg.Client({ connectionString: transaction.url(database) });
    const b = new pg.Client({ connectionString: transaction.url(database) });
    try {
      await a.connect();
      await b.connect();
      const named = { name: 'ledger_like', text: 'SELECT $1::int + 1 AS n', values: [1] };
      expect((await a.query(named)).rows).toEqual([{ n: 2 }]);
      // B holds the server connection A prepared on; A's next run goes to another server, which never saw the Parse.
      await b.query('BEGIN');
      await b.query('SELECT 1');
      await expect(a.query(named)).rejects.toThrow(/prepared statement "ledger_like" does not exist/);
      await b.query('COMMIT');
    } finally {
      await a.end().catch(() => undefined);
      await b.end().catch(() => undefined);
      await transaction.stop();
    }
  });
});
