import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { loadConfig } from '../config.ts';
import { openCliDatabase } from '../db/cli-database.ts';
import { formatReconcileReport, reconcileLedger } from './reconcile.ts';

/**
 * `npm run reconcile [-- --all]`: checks the ledger of DATABASE_URL, or of the embedded database in DATA_DIR
 * (reusing the running server's PostgreSQL when one is up). `--all` checks every database on that server that has
 * a ledger (test and bench databases included). Exits 1 on any difference.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const checkAll = process.argv.includes('--all');
  const { url, stop } = await openCliDatabase(config);
  let failed = false;
  try {
    const databases = checkAll ? await listLedgerDatabases(url) : [new URL(url).pathname.slice(1)];
    for (const name of databases) {
      const target = new URL(url);
      target.pathname = `/${name}`;
      const ok = await reconcileOne(target.toString(), name);
      failed ||= !ok;
    }
  } finally {
    await stop();
  }
  process.exit(failed ? 1 : 0);
}

async function reconcileOne(url: string, name: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const hasLedger = await client.query("SELECT to_regclass('ledger_postings') IS NOT NULL AS present");
    if (!hasLedger.rows[0]?.present) {
      console.log(`[${name}] no ledger yet (migrations not applied): nothing to check`);
      return true;
    }
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const report = await reconcileLedger(drizzle(client));
    await client.query('COMMIT');
    console.log(`[${name}] ${formatReconcileReport(report).replace(/\n/g, `\n[${name}] `)}`);
    return report.ok;
  } finally {
    await client.end();
  }
}

async function listLedgerDatabases(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const rows = await client.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE NOT datistemplate ORDER BY datname',
    );
    return rows.rows.map((row) => row.datname).filter((name) => name !== 'postgres');
  } finally {
    await client.end();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
});
