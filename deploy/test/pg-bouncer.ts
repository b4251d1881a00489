import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../../scripts/cluster.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

export interface PgBouncer {
  /** The URL of `database` through PgBouncer, with the server's user and password. */
  url: (database: string) => string;
  /** The admin console (`SHOW POOLS` and so on). */
  admin: (command: string) => Promise<Record<string, unknown>[]>;
  output: () => string;
  stop: () => Promise<void>;
}

/** The PgBouncer binary (Debian puts it in /usr/sbin, which a non-root PATH may leave out), or null. */
export function pgBouncerBinary(): string | null {
  for (const candidate of ['pgbouncer', '/usr/sbin/pgbouncer']) {
    if (spawnSync(candidate, ['--version'], { stdio: 'ignore' }).status === 0) return candidate;
  }
  return null;
}

/**
 * A real PgBouncer in a throw-away folder, in front of the PostgreSQL of `serverUrl` (every database name passes
 * through), configured from deploy/pgbouncer/pgbouncer.ini with its port, paths, pool mode and pool size replaced.
 * As root it runs as the `postgres` user (PgBouncer refuses to run as root).
 */
export async function startPgBouncer(
  serverUrl: string,
  options: { poolMode?: 'session' | 'transaction'; poolSize: number },
): Promise<PgBouncer> {
  const binary = pgBouncerBinary();
  if (!binary) throw new Error('PgBouncer is not installed (apt-get install -y pgbouncer)');
  const server = new URL(serverUrl);
  const user = decodeURIComponent(server.username);
  const password = decodeURIComponent(server.password);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tuzo-pgbouncer-'));
  fs.chmodSync(dir, 0o755);
  const port = await freePort();
  const userlist = path.join(dir, 'userlist.txt');
  fs.writeFileSync(userlist, `"${user}" "${password}"\n`, { mode: 0o644 });
  const ini = fs
    .readFileSync(path.join(repoRoot, 'deploy/pgbouncer/pgbouncer.ini'), 'utf8')
    .replace(/^tuzo = .*$/m, `* = host=${server.hostname} port=${server.port}`)
    .replace(/^listen_port = .*$/m, `listen_port = ${port}`)
    .replace(/^auth_file = .*$/m, `auth_file = ${userlist}`)
    .replace(/^pool_mode = .*$/m, `pool_mode = ${options.poolMode ?? 'session'}`)
    .replace(/^default_pool_size = .*$/m, `default_pool_size = ${options.poolSize}`)
    .replace(/^admin_users = .*$/m, `admin_users = ${user}`)
    .replace(/^stats_users = .*$/m, `stats_users = ${user}`);
  const iniFile = path.join(dir, 'pgbouncer.ini');
  fs.writeFileSync(iniFile, ini, { mode: 0o644 });
  const child = spawn(binary, [...(isRoot ? ['-u', 'postgres'] : []), iniFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = `${output}${chunk.toString()}`.slice(-20_000);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = (database: string) =>
    `postgres://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGINT');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const admin = async (command: string) => {
    const client = new pg.Client({ connectionString: url('pgbouncer') });
    await client.connect();
    try {
      // No parameters: node-postgres sends the simple protocol, the only one the admin console speaks.
      return (await client.query(command)).rows as Record<string, unknown>[];
    } finally {
      await client.end();
    }
  };
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`PgBouncer exited at start:\n${output}`);
    }
    const ok = await admin('SHOW VERSION').then(
      () => true,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`PgBouncer did not answer:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, admin, output: () => output, stop };
}
