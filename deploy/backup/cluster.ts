import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * What the restore drill and its test share: PostgreSQL's programs and pgBackRest run as the OS user that owns the
 * data directory. As root that is `postgres` (PostgreSQL refuses to run as root; the embedded PostgreSQL does the same,
 * apps/server/src/db/embedded.ts), so commands go through `runuser` and the folders made here are given to it.
 */
export const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
export const CLUSTER_USER = isRoot ? 'postgres' : os.userInfo().username;
export const PG15_BIN = '/usr/lib/postgresql/15/bin';

export interface RunResult {
  stdout: string;
  stderr: string;
}

/** Runs a program as CLUSTER_USER (through runuser when root); rejects with its output when it fails. */
export function runAsClusterUser(
  program: string,
  args: readonly string[],
  options: { env?: Record<string, string>; timeoutMs?: number } = {},
): Promise<RunResult> {
  const envArgs = Object.entries(options.env ?? {}).map(([key, value]) => `${key}=${value}`);
  const [file, argv] = isRoot
    ? ['runuser', ['-u', CLUSTER_USER, '--', 'env', ...envArgs, program, ...args]]
    : ['env', [...envArgs, program, ...args]];
  return new Promise((resolve, reject) => {
    execFile(file, argv, { timeout: options.timeoutMs ?? 600_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${program} ${args.join(' ')} failed: ${error.message}\n${stdout}\n${stderr}`));
      else resolve({ stdout, stderr });
    });
  });
}

/** A new empty folder under the system's temporary folder, owned by CLUSTER_USER (mode 0700, as PGDATA must be). */
export function makeClusterDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(dir, 0o700);
  if (isRoot) chownToClusterUser(dir);
  return dir;
}

/** Gives a folder to CLUSTER_USER (as root only; otherwise it is already the caller's). */
export function chownToClusterUser(target: string): void {
  if (!isRoot) return;
  const { uid, gid } = clusterUserIds();
  fs.chownSync(target, uid, gid);
}

function clusterUserIds(): { uid: number; gid: number } {
  const line = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith(`${CLUSTER_USER}:`));
  if (!line) throw new Error(`There is no OS user ${CLUSTER_USER}: install postgresql-15 (it creates the user)`);
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/** A TCP port free on loopback now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Starts a cluster on loopback at `port`, its socket in `socketDir`, logging to `logFile`; waits until it answers. */
export async function startCluster(input: {
  pgBin: string;
  pgdata: string;
  port: number;
  socketDir: string;
  logFile: string;
  settings?: Record<string, string>;
}): Promise<void> {
  const settings = { listen_addresses: '127.0.0.1', port: String(input.port), unix_socket_directories: input.socketDir };
  const flags = Object.entries({ ...settings, ...input.settings })
    .map(([key, value]) => `-c ${key}=${value}`)
    .join(' ');
  await runAsClusterUser(path.join(input.pgBin, 'pg_ctl'), [
    '-D',
    input.pgdata,
    '-l',
    input.logFile,
    '-o',
    flags,
    '-w',
    '-t',
    '300',
    'start',
  ]);
}

export async function stopCluster(pgBin: string, pgdata: string): Promise<void> {
  await runAsClusterUser(path.join(pgBin, 'pg_ctl'), ['-D', pgdata, '-m', 'fast', '-w', 'stop']);
}
