import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestAppOn, type TestApp } from '../../apps/server/test/harness.ts';
import { createMember, ensureTestCountries, fund, wallets } from '../../apps/server/test/money-fixtures.ts';
import type { DrillReport } from '../backup/restore-drill.ts';
import { PG15_BIN, freePort, makeClusterDir, runAsClusterUser, startCluster, stopCluster } from '../backup/cluster.ts';

/**
 * The restore drill on a real PostgreSQL 15 (issue 25 §4, decision 054). The test makes its own cluster (initdb in a
 * temporary folder, a free port; as root it runs as the OS user `postgres`, as the embedded PostgreSQL does), sets up
 * WAL archiving and a full backup with deploy/backup/setup-backup.sh, migrates Tuzo on it and writes money through the
 * app (members, ledger deposits), notes a target time, writes more, archives the WAL, and runs `npm run restore-drill`
 * to the target: the writes before the target are in the restored copy, those after are not, and the reconcile passes.
 */
const repoRoot = path.resolve(import.meta.dirname, '../..');
const dir = makeClusterDir('tuzo-pitr-test-');
const pgdata = path.join(dir, 'pgdata');
let isRunning = false;
let restoredDir: string | null = null;
const secretKey = randomBytes(32).toString('base64');

afterAll(async () => {
  if (restoredDir) await stopCluster(PG15_BIN, restoredDir).catch(() => undefined);
  if (isRunning) await stopCluster(PG15_BIN, pgdata).catch(() => undefined);
  fs.rmSync(dir, { recursive: true, force: true });
  if (restoredDir) fs.rmSync(path.dirname(restoredDir), { recursive: true, force: true });
});

function run(
  file: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(file, args, { cwd: repoRoot, env: { ...process.env, ...env }, timeout: 280_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

async function query<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

async function fundedMember(t: TestApp, countryId: number, prefix: string, amountMinor: bigint) {
  const member = await createMember(t, { countryId, status: 'active', prefix });
  await fund(t, member.id, amountMinor, 'deposit');
  expect((await wallets(t, member.id)).deposit).toBe(amountMinor);
  return member;
}

describe('npm run restore-drill', () => {
  it('restores to a time: the writes before it are there, those after are not, and the reconcile passes', async () => {
    await runAsClusterUser(path.join(PG15_BIN, 'initdb'), ['-D', pgdata, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
    const port = await freePort();
    await startCluster({ pgBin: PG15_BIN, pgdata, port, socketDir: dir, logFile: path.join(dir, 'source.log') });
    isRunning = true;
    const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
    await query(adminUrl, 'CREATE DATABASE tuzo');
    const url = `postgres://postgres@127.0.0.1:${port}/tuzo`;

    const setup = await run(
      'bash',
      ['deploy/backup/setup-backup.sh', '--pgdata', pgdata, '--repo', path.join(dir, 'repo'), '--restart', '--pg-bin', PG15_BIN],
      { DATABASE_URL: url },
    );
    expect(setup.code, `${setup.stdout}\n${setup.stderr}`).toBe(0);
    expect(setup.stdout).toContain('Wrote');
    expect((await query<{ archive_mode: string }>(url, 'SHOW archive_mode'))[0]?.archive_mode).toBe('on');

    // Tuzo migrated on the backed-up cluster (after the base backup: the migrations come back by WAL replay), then
    // money written through the app: members registered and deposits posted on the ledger, stamped by the app clock.
    const t = await createTestAppOn(url, { TUZO_SECRET_KEY: secretKey });
    let target: Date;
    let before: { membersAt: number; transactionsAt: number };
    try {
      const countries = await ensureTestCountries(t);
      const early = [
        await fundedMember(t, countries.kes, 'pitrbefore', 150_000n),
        await fundedMember(t, countries.kes, 'pitrbefore', 275_000n),
      ];
      before = {
        membersAt: Number((await t.sql<{ n: string }>('SELECT count(*) AS n FROM members'))[0]!.n),
        transactionsAt: Number((await t.sql<{ n: string }>('SELECT count(*) AS n FROM ledger_transactions'))[0]!.n),
      };
      // The recovery target is on the database server's clock, not the app's: point-in-time recovery stops at the last
      // commit whose own commit timestamp (the server's clock) is at or before the target, so the target must be read
      // from that clock. App-stamped times (created_at and the like) stay on the app clock as everywhere else.
      target = (await t.sql<{ at: Date }>('SELECT clock_timestamp() AS at'))[0]!.at;
      await waitForServerClock(t, target, 1_100);
      const late = await fundedMember(t, countries.kes, 'pitrafter', 999_000n);
      await fund(t, early[0]!.id, 50_000n, 'deposit');
      // Archive the WAL holding the late writes (the target's end is found by the first commit after it).
      const [switched] = await t.sql<{ wal: string }>('SELECT pg_walfile_name(pg_switch_wal()) AS wal');
      await waitForArchive(t, switched!.wal);
      const drill = await run(
        process.execPath,
        [
          '--import',
          'tsx',
          'deploy/backup/restore-drill.ts',
          '--target-time',
          target.toISOString(),
          '--config',
          path.join(dir, 'repo', 'pgbackrest.conf'),
          '--keep',
          '--json',
        ],
        { DATABASE_URL: url, TUZO_SECRET_KEY: secretKey, NODE_ENV: 'test', DATA_DIR: t.config.dataDir },
      );
      expect(drill.code, `${drill.stdout}\n${drill.stderr}`).toBe(0);
      const report = JSON.parse(drill.stdout.trim().split('\n').at(-1)!) as DrillReport;
      restoredDir = report.dataDir;
      console.log(`restore drill: ${JSON.stringify({ recoveryPoint: report.recoveryPoint, seconds: report.seconds })}`);
      expect(report).toMatchObject({ ready: true, reconciled: true });
      expect(report.restored.members).toBe(before.membersAt);
      expect(report.restored.ledger_transactions).toBe(before.transactionsAt);
      expect(new Date(report.recoveryPoint!).getTime()).toBeLessThanOrEqual(target.getTime());

      // The restored copy itself: the early members and their deposits are there, the late member and top-up are not.
      const restoredUrl = await restoredUrlOf(report.dataDir!);
      const names = await query<{ username: string }>(restoredUrl, 'SELECT username FROM members WHERE id = ANY($1)', [
        [...early, late].map((member) => member.id.toString()),
      ]);
      expect(names.map((row) => row.username).sort()).toEqual(early.map((member) => member.username).sort());
      const deposits = await query<{ balance: string }>(
        restoredUrl,
        "SELECT balance_minor::text AS balance FROM ledger_accounts WHERE member_id = $1 AND wallet = 'deposit'",
        [early[0]!.id.toString()],
      );
      expect(deposits).toEqual([{ balance: '150000' }]);
      const restore = await query<{ recovery_point: Date | null; cleared_at: Date | null }>(
        restoredUrl,
        'SELECT recovery_point, cleared_at FROM database_restores',
      );
      expect(restore).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});

/** Waits until the database server's clock is `ms` past `from` (so the next commits are surely after the target). */
async function waitForServerClock(t: TestApp, from: Date, ms: number): Promise<void> {
  for (;;) {
    const now = (await t.sql<{ at: Date }>('SELECT clock_timestamp() AS at'))[0]!.at;
    if (now.getTime() - from.getTime() >= ms) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Waits until PostgreSQL archived the segment pg_switch_wal closed (archive_command is pgbackrest archive-push). */
async function waitForArchive(t: TestApp, wal: string): Promise<void> {
  const started = Date.now();
  for (;;) {
    const [row] = await t.sql<{ failed: string; pending: boolean }>(
      `SELECT failed_count::text AS failed, last_archived_wal IS NULL OR last_archived_wal < $1 AS pending
       FROM pg_stat_archiver`,
      [wal],
    );
    if (row && !row.pending) return;
    if (Date.now() - started > 60_000) throw new Error(`WAL not archived in a minute (failures: ${row?.failed})`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The kept restored cluster's address: its port is in its postmaster.pid (4th line). */
async function restoredUrlOf(restoredPgdata: string): Promise<string> {
  const port = fs.readFileSync(path.join(restoredPgdata, 'postmaster.pid'), 'utf8').split('\n')[3]!.trim();
  return `postgres://postgres@127.0.0.1:${port}/tuzo`;
}
