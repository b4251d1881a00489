import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { connectDatabase } from '../../apps/server/src/db/client.ts';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import { formatReconcileReport, reconcileLedger } from '../../apps/server/src/ledger/reconcile.ts';
import { markRestored } from '../../apps/server/src/modules/payouts/index.ts';
import { PG15_BIN, freePort, makeClusterDir, runAsClusterUser, startCluster, stopCluster } from './cluster.ts';

/**
 * `npm run restore-drill -- [--target-time ISO] [--config FILE] [--stanza NAME] [--pg-bin DIR] [--keep] [--json]`
 * (issue 25 §4, decision 054). Restores the pgBackRest backup of Tuzo's database (deploy/backup/setup-backup.sh) into
 * a fresh cluster (a new data directory, a free port, PostgreSQL 15's programs), to `--target-time` (the last commit at
 * or before it; by the database's own commit times) or, without it, to the end of the archived WAL. Then: marks the
 * restored database restored (payouts paused until the providers answered about every payout then in flight,
 * apps/server/src/modules/payouts/restored-state.ts), starts Tuzo on it with no provider keys (a drill must not send an
 * SMS or ask a provider anything), checks /readyz, runs the ledger reconcile, and prints what was restored, the
 * recovery point (pg_last_xact_replay_timestamp: the last commit replayed) and how long it took. The cluster is
 * stopped and removed at the end unless --keep. Exit 0 only when Tuzo served and the reconcile passed.
 *
 * Run it on a host with the repository (the backup host or the database host), as root or the repository's owner,
 * with the environment the server runs with (DATABASE_URL names the user, password and database the restored copy
 * has; TUZO_SECRET_KEY opens its sealed secrets; without DATABASE_URL the embedded default's).
 */

const PROVIDER_ENV = /^(MPESA_|FLW_|AT_|SMS_FORWARDER_|SMTP_URL$|PUBLIC_URL$|TUZO_PROVIDER_SIMULATOR$|PROVIDER_SIM_PORT$)/;

export interface DrillReport {
  target: string;
  recoveryPoint: string | null;
  restored: Record<string, number>;
  payoutsInFlight: number;
  ready: boolean;
  reconciled: boolean;
  reconcile: string;
  seconds: { restore: number; recovery: number; app: number; total: number };
  dataDir: string | null;
}

interface DrillOptions {
  targetTime: Date | null;
  config: string;
  stanza: string;
  pgBin: string;
  keep: boolean;
  /** The database, user and password of the restored copy (from DATABASE_URL). */
  sourceUrl: URL;
  env: Record<string, string | undefined>;
}

/** What the drill counts on the restored database: each name, and its query. */
const COUNTS: ReadonlyArray<readonly [string, string]> = [
  ['members', 'SELECT count(*) FROM members'],
  ['ledger_transactions', 'SELECT count(*) FROM ledger_transactions'],
  ['ledger_postings', 'SELECT count(*) FROM ledger_postings'],
  ['deposits', 'SELECT count(*) FROM deposits'],
  ['withdrawals', 'SELECT count(*) FROM withdrawals'],
  ['payouts', 'SELECT count(*) FROM payouts'],
  ['payouts_in_flight', "SELECT count(*) FROM payouts WHERE state IN ('approved', 'sent', 'unknown')"],
];

async function countRestored(url: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // A backup taken before Tuzo's first start has no tables yet: nothing to count then.
    const migrated = (await client.query("SELECT to_regclass('payouts') IS NOT NULL AS present")).rows[0]?.present === true;
    const counts: Record<string, number> = {};
    for (const [name, query] of COUNTS) {
      counts[name] = migrated ? Number((await client.query<{ count: string }>(query)).rows[0]!.count) : 0;
    }
    return counts;
  } finally {
    await client.end();
  }
}

/** Waits for the end of recovery (promotion at the target) and answers the last commit replayed. */
async function waitForPromotion(url: string, timeoutMs = 300_000): Promise<Date | null> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const started = performance.now(); performance.now() - started < timeoutMs;) {
      const row = (
        await client.query<{ recovering: boolean; replayed: Date | null }>(
          'SELECT pg_is_in_recovery() AS recovering, pg_last_xact_replay_timestamp() AS replayed',
        )
      ).rows[0]!;
      if (!row.recovering) return row.replayed;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error('The restored cluster did not finish recovery in time');
  } finally {
    await client.end();
  }
}

/** Tuzo on the restored database: ready, and its ledger reconciled. Background loops run as in production. */
async function startTuzoAndReconcile(
  url: string,
  env: Record<string, string | undefined>,
): Promise<{ ready: boolean; reconciled: boolean; reconcile: string }> {
  const quiet = Object.fromEntries(Object.entries(env).filter(([key]) => !PROVIDER_ENV.test(key)));
  const config = loadConfig({
    ...quiet,
    DATABASE_URL: url,
    TUZO_PROVIDER_SIMULATOR: 'false',
    SMS_SEND_EVERY_MS: '0',
    TUZO_DEMO_SEED: 'false',
    LOG_LEVEL: 'error',
    LOG_FORMAT: 'json',
    WEB_DIST_DIR: '/nonexistent',
  });
  const app = await buildApp({ config, databaseUrl: url });
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const ready = (await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200;
    const report = await app.deps.db.transaction((tx) => reconcileLedger(tx), {
      isolationLevel: 'repeatable read',
      accessMode: 'read only',
    });
    return { ready, reconciled: report.ok, reconcile: formatReconcileReport(report) };
  } finally {
    await app.close();
  }
}

/** pgBackRest's time format: `YYYY-MM-DD HH:MM:SS.mmm+00` (UTC). */
function pgbackrestTime(at: Date): string {
  return `${at.toISOString().replace('T', ' ').replace('Z', '')}+00`;
}

export async function runRestoreDrill(options: DrillOptions): Promise<DrillReport> {
  const started = performance.now();
  const seconds = (from: number) => Math.round(performance.now() - from) / 1000;
  const dir = makeClusterDir('tuzo-restore-');
  const pgdata = path.join(dir, 'pgdata');
  let isRunning = false;
  try {
    fs.mkdirSync(pgdata, { mode: 0o700 });
    fs.chownSync(pgdata, fs.statSync(dir).uid, fs.statSync(dir).gid);
    const target = options.targetTime
      ? ['--type=time', `--target=${pgbackrestTime(options.targetTime)}`, '--target-action=promote']
      : ['--type=default'];
    // archive-mode=off: the restored copy must never push its WAL into the repository of the database it copies.
    await runAsClusterUser('pgbackrest', [
      `--config=${options.config}`,
      `--stanza=${options.stanza}`,
      `--pg1-path=${pgdata}`,
      '--archive-mode=off',
      ...target,
      'restore',
    ]);
    const restoreSeconds = seconds(started);
    const port = await freePort();
    const recoveryStarted = performance.now();
    await startCluster({ pgBin: options.pgBin, pgdata, port, socketDir: dir, logFile: path.join(dir, 'postgres.log') });
    isRunning = true;
    const url = new URL(options.sourceUrl);
    url.hostname = '127.0.0.1';
    url.port = String(port);
    const recoveryPoint = await waitForPromotion(url.toString());
    const recoverySeconds = seconds(recoveryStarted);
    const restored = await countRestored(url.toString());
    // Before Tuzo starts on it: migrated (0512 may be newer than the backup) and marked restored, so no sweep sends.
    const database = connectDatabase(url.toString(), { max: 1 });
    let payoutsInFlight: number;
    try {
      await migrate(database.pool);
      const marked = await markRestored(database.db, {
        recoveryPoint,
        at: new Date(),
        note: `restore drill to ${options.targetTime?.toISOString() ?? 'the end of the archive'}`,
      });
      payoutsInFlight = marked.payouts;
    } finally {
      await database.close();
    }
    const appStarted = performance.now();
    const tuzo = await startTuzoAndReconcile(url.toString(), options.env);
    return {
      target: options.targetTime?.toISOString() ?? 'end of archive',
      recoveryPoint: recoveryPoint?.toISOString() ?? null,
      restored,
      payoutsInFlight,
      ...tuzo,
      seconds: { restore: restoreSeconds, recovery: recoverySeconds, app: seconds(appStarted), total: seconds(started) },
      dataDir: options.keep ? pgdata : null,
    };
  } finally {
    if (isRunning && !options.keep) await stopCluster(options.pgBin, pgdata).catch(() => undefined);
    if (!options.keep) fs.rmSync(dir, { recursive: true, force: true });
  }
}

export function formatDrillReport(report: DrillReport): string {
  const counts = Object.entries(report.restored)
    .map(([name, count]) => `${name} ${count}`)
    .join(', ');
  return [
    `Restore drill: target ${report.target}`,
    `  recovery point (last commit replayed): ${report.recoveryPoint ?? 'none replayed (the backup itself)'}`,
    `  restored: ${counts}`,
    `  restored state: ${report.payoutsInFlight} payouts in flight paused until their provider answers`,
    `  Tuzo on the restored database: ${report.ready ? 'ready' : 'NOT ready'}`,
    `  reconcile: ${report.reconciled ? 'passed' : 'FAILED'}: ${report.reconcile.split('\n').join('; ')}`,
    `  took ${report.seconds.total} s (restore ${report.seconds.restore} s, recovery ${report.seconds.recovery} s, ` +
      `Tuzo and reconcile ${report.seconds.app} s)`,
    ...(report.dataDir ? [`  kept: ${report.dataDir} (stop it with pg_ctl -D ${report.dataDir} stop)`] : []),
  ].join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'target-time': { type: 'string' },
      config: { type: 'string' },
      stanza: { type: 'string', default: process.env.BACKUP_STANZA ?? 'tuzo' },
      'pg-bin': { type: 'string', default: process.env.PG_BIN ?? PG15_BIN },
      keep: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
    },
  });
  const dataDir = process.env.DATA_DIR ?? './data';
  const repo = process.env.BACKUP_REPO ?? path.join(dataDir, 'backup');
  const targetTime = values['target-time'] ? new Date(values['target-time']) : null;
  if (targetTime && Number.isNaN(targetTime.getTime())) throw new Error(`--target-time is not a time: ${values['target-time']}`);
  const sourceUrl = new URL(
    process.env.DATABASE_URL ?? `postgres://postgres:postgres@127.0.0.1:${process.env.EMBEDDED_PG_PORT ?? '54329'}/tuzo`,
  );
  const report = await runRestoreDrill({
    targetTime,
    config: path.resolve(values.config ?? process.env.PGBACKREST_CONFIG ?? path.join(repo, 'pgbackrest.conf')),
    stanza: values.stanza,
    pgBin: values['pg-bin'],
    keep: values.keep,
    sourceUrl,
    env: process.env,
  });
  console.log(values.json ? JSON.stringify(report) : formatDrillReport(report));
  process.exit(report.ready && report.reconciled ? 0 : 1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  });
}
