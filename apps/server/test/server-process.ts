import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { serverSettings } from '@tuzo/provider-sim';
import { waitFor } from './deposits-fixtures.ts';
import type { TestApp } from './harness.ts';

/** A free TCP port on the loopback address. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output: () => string;
  /** kill -9, and waits until the process is gone. */
  killHard: () => Promise<void>;
}

/**
 * server.ts as `npm start` runs it (or another `entry` that builds the app and listens on PORT), in a process of its
 * own, on the test's database and simulator: a test can kill it with SIGKILL at any point, as a crash would.
 */
export async function startServerProcess(t: TestApp, entry = 'apps/server/src/server.ts'): Promise<ServerProcess> {
  const port = await freePort();
  const root = path.resolve(import.meta.dirname, '../../..');
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: t.databaseUrl,
      RATE_LIMIT_ENABLED: 'false',
      TUZO_DEMO_SEED: 'false',
      WEB_DIST_DIR: '/nonexistent',
      ...serverSettings(t.sim),
      // The same key file (or key) as the test's app: both open the callback secret sealed in the shared database.
      DATA_DIR: t.config.dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  await waitFor(async () => {
    const answer = await fetch(`${url}/api?action=ping`).catch(() => null);
    return answer?.status === 200;
  }, 60_000).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw new Error(`${String(error)}\nserver output:\n${output}`);
  });
  const killHard = async () => {
    child.kill('SIGKILL');
    await waitFor(async () => child.exitCode !== null || child.signalCode !== null, 10_000);
  };
  return { url, child, output: () => output, killHard };
}
