import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../../scripts/cluster.ts';

const BIN = '/usr/lib/postgresql/15/bin';
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** As root, PostgreSQL's programs run as the `postgres` user (they refuse root), as in apps/server/src/db/embedded.ts. */
function postgresUser(): { uid: number; gid: number } | undefined {
  if (!isRoot) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

export interface Server {
  port: number;
  /** A trust-authenticated URL of `database` on this server (loopback only). */
  url: (database: string) => string;
  query: <T extends pg.QueryResultRow>(text: string, database?: string) => Promise<T[]>;
}

export interface StreamingPair {
  primary: Server;
  replica: Server;
  /** Waits until the replica has replayed everything the primary had written when called. */
  caughtUp: () => Promise<void>;
  stop: () => Promise<void>;
}

export function postgres15Available(): boolean {
  return fs.existsSync(path.join(BIN, 'initdb')) && fs.existsSync(path.join(BIN, 'pg_basebackup'));
}

/** A PostgreSQL 15 primary and a streaming replica made from it by `pg_basebackup -R`, on free loopback ports. */
export async function startStreamingPair(): Promise<StreamingPair> {
  const user = postgresUser();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tuzo-replica-'));
  fs.chmodSync(dir, 0o755);
  if (user) fs.chownSync(dir, user.uid, user.gid);
  const run = (program: string, args: string[]) =>
    execFileSync(path.join(BIN, program), args, { ...user, stdio: ['ignore', 'pipe', 'pipe'], cwd: dir });
  const children: ChildProcess[] = [];
  let output = '';
  const start = async (dataDir: string): Promise<Server> => {
    const port = await freePort();
    const child = spawn(
      path.join(BIN, 'postgres'),
      ['-D', dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${dir}`],
      { ...user, stdio: ['ignore', 'pipe', 'pipe'], cwd: dir },
    );
    child.stderr?.on('data', (chunk: Buffer) => {
      output = `${output}${chunk.toString()}`.slice(-10_000);
    });
    children.push(child);
    const url = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
    const query = async <T extends pg.QueryResultRow>(text: string, database = 'postgres') => {
      const client = new pg.Client({ connectionString: url(database) });
      await client.connect();
      try {
        return (await client.query<T>(text)).rows;
      } finally {
        await client.end();
      }
    };
    const deadline = Date.now() + 30_000;
    while (
      !(await query('SELECT 1').then(
        () => true,
        () => false,
      ))
    ) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`PostgreSQL did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return { port, url, query };
  };
  const stop = async () => {
    for (const child of children.reverse()) {
      if (child.exitCode !== null) continue;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGINT');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    run('initdb', ['-D', path.join(dir, 'primary'), '-U', 'postgres', '--auth=trust', '--no-sync']);
    const primary = await start(path.join(dir, 'primary'));
    run('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primary.port),
      '-U',
      'postgres',
      '-D',
      'replica',
      '-R',
      '-X',
      'stream',
    ]);
    const replica = await start(path.join(dir, 'replica'));
    const caughtUp = async () => {
      const [target] = await primary.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
      const deadline = Date.now() + 30_000;
      for (;;) {
        const [row] = await replica.query<{ done: boolean }>(
          `SELECT pg_last_wal_replay_lsn() >= '${target!.lsn}'::pg_lsn AS done`,
        );
        if (row?.done) return;
        if (Date.now() > deadline) throw new Error('The replica did not catch up within 30 s');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    return { primary, replica, caughtUp, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
