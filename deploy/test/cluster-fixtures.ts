import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { serverSettings, startProviderSim, type ProviderSim, type ProviderSimOptions } from '@tuzo/provider-sim';
import { inject } from 'vitest';
import { ensureDatabase } from '../../apps/server/src/db/embedded.ts';
import { appNode, freePort, startBalancer, type AppNode, type Balancer } from '../../scripts/cluster.ts';

// Two real server processes (server.ts, as `npm run cluster` starts them) on one fresh database behind the real
// HAProxy (decision 051), with the provider simulator; shared by the cluster tests.
const repoRoot = path.resolve(import.meta.dirname, '../..');

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Cluster {
  databaseUrl: string;
  secretKey: string;
  pool: pg.Pool;
  sim: ProviderSim;
  balancer: Balancer;
  nodes: AppNode[];
  /** The nodes' last output lines (for failure messages). */
  output: () => string;
  close: () => Promise<void>;
}

export async function startCluster(options: { env?: Record<string, string>; sim?: ProviderSimOptions } = {}): Promise<Cluster> {
  const adminUrl = inject('pgAdminUrl');
  const name = `cluster_${randomBytes(5).toString('hex')}`;
  await ensureDatabase(adminUrl, name);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const balancerPort = await freePort();
  const sim = await startProviderSim({ host: '127.0.0.1', callbackDelayMs: 300, ...options.sim });
  const secretKey = randomBytes(32).toString('base64');
  let output = '';
  const write = (line: string) => void (output = `${output}${line}\n`.slice(-20_000));
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'tuzo-cluster-')),
    TUZO_SECRET_KEY: secretKey,
    PUBLIC_URL: `http://127.0.0.1:${balancerPort}`,
    TRUST_PROXY: '127.0.0.1',
    RATE_LIMIT_ENABLED: 'false',
    TUZO_DEMO_SEED: 'false',
    WEB_DIST_DIR: '/nonexistent',
    ...serverSettings(sim),
    ...options.env,
  };
  const nodes: AppNode[] = [];
  for (const nodeName of ['node1', 'node2']) {
    const node = appNode({ name: nodeName, port: await freePort(), env, write });
    nodes.push(node);
    await node.start();
  }
  const balancer = await startBalancer({ port: balancerPort, nodes, write });
  const close = async () => {
    await balancer.stop();
    for (const node of nodes) await node.stop('SIGKILL').catch(() => undefined);
    await sim.close();
    await pool.end();
  };
  return { databaseUrl, secretKey, pool, sim, balancer, nodes, output: () => output, close };
}

export interface Answer {
  status: number;
  body: { resultcode?: boolean; data?: unknown; msg?: string } | null;
  /** Attempts that failed on the way (connection error, 502, 503) before this answer. */
  retried: number;
}

/** One call through the balancer, retried like the web app's client: same key, short growing backoff, bounded. */
export async function callThrough(
  balancerUrl: string,
  action: string,
  options: { method?: 'GET' | 'POST'; token?: string; payload?: Record<string, unknown>; key?: string; tries?: number },
): Promise<Answer> {
  const method = options.method ?? 'POST';
  const query = method === 'GET' ? `&${new URLSearchParams(options.payload as Record<string, string>)}` : '';
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.key) headers['idempotency-key'] = options.key;
  const tries = options.tries ?? 8;
  for (let attempt = 0; ; attempt += 1) {
    const response = await fetch(`${balancerUrl}/api?action=${action}${query}`, {
      method,
      headers,
      body: method === 'POST' ? JSON.stringify(options.payload ?? {}) : undefined,
      signal: AbortSignal.timeout(30_000),
    }).catch(() => null);
    const retryable = response === null || response.status === 502 || response.status === 503;
    if (!retryable || attempt + 1 >= tries) {
      const body = response ? ((await response.json().catch(() => null)) as Answer['body']) : null;
      return { status: response?.status ?? 0, body, retried: attempt };
    }
    await response?.arrayBuffer().catch(() => undefined);
    await sleep(150 * (attempt + 1));
  }
}

/** `reconcile-cli.ts` on the cluster's database: its exit status and output. */
export function reconcile(databaseUrl: string): { status: number | null; output: string } {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/ledger/reconcile-cli.ts'], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: 'utf8',
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** Polls `check` every 100 ms until it answers something truthy, or fails after `ms`. */
export async function until<T>(what: string, check: () => Promise<T | null | undefined | false>, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Not within ${ms} ms: ${what}`);
    await sleep(100);
  }
}
