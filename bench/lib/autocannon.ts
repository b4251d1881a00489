import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const AUTOCANNON = path.join(path.dirname(require.resolve('autocannon/package.json')), 'autocannon.js');
const CLIENTS_SCRIPT = fileURLToPath(new URL('./autocannon-clients.ts', import.meta.url));

export interface LoadResult {
  name: string;
  connections: number;
  requests: number;
  non2xx: number;
  errors: number;
  perSecond: number;
  p50ms: number;
  p99ms: number;
}

/**
 * Runs autocannon in its own process (the load generator must not share the server's event loop) against `url`
 * with `connections` keep-alive connections for `seconds`, and reads its JSON summary.
 */
export async function runAutocannon(input: {
  name: string;
  url: string;
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
}): Promise<LoadResult> {
  const args = [AUTOCANNON, '-j', '-c', String(input.connections), '-d', String(input.seconds)];
  for (const [key, value] of Object.entries(input.headers ?? {})) args.push('-H', `${key}=${value}`);
  args.push(input.url);
  return summaryOf(input, await runNode(args));
}

/**
 * POSTs to `url` from `callers.length` different callers, one per connection (a token and a body each), with
 * `connections` keep-alive connections for `seconds`, autocannon in its own process (autocannon-clients.ts).
 */
export async function runAutocannonClients(input: {
  name: string;
  url: string;
  connections: number;
  seconds: number;
  callers: { token: string; body: string }[];
}): Promise<LoadResult> {
  const config = { url: input.url, connections: input.connections, seconds: input.seconds, callers: input.callers };
  return summaryOf(input, await runNode(['--import', 'tsx', CLIENTS_SCRIPT, JSON.stringify(config)]));
}

async function runNode(args: string[]): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolve(stdout) : reject(new Error(`autocannon exited ${code}: ${stderr.slice(-500)}`)),
    );
  });
}

function summaryOf(input: { name: string; connections: number }, output: string): LoadResult {
  const summary = JSON.parse(output) as {
    requests: { total: number; average: number };
    latency: { p50: number; p99: number };
    non2xx: number;
    errors: number;
    duration: number;
    '2xx': number;
  };
  return {
    name: input.name,
    connections: input.connections,
    requests: summary.requests.total,
    non2xx: summary.non2xx,
    errors: summary.errors,
    perSecond: summary['2xx'] / summary.duration,
    p50ms: summary.latency.p50,
    p99ms: summary.latency.p99,
  };
}
