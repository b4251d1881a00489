import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { loadConfig, providerMode, publicUrl, type Config } from './config.ts';
import { EmbeddedAccessError, startEmbeddedPostgres } from './db/embedded.ts';
import { StartupRefusal } from './lib/errors.ts';

/**
 * Process entry: configuration, the embedded PostgreSQL (unless DATABASE_URL is set) and, when providerMode says so,
 * the payment provider simulator (both started side by side), the app, listen, graceful shutdown.
 * SIGTERM or SIGINT at any point, even mid start-up, closes what has started and exits. `npm start` runs it through
 * scripts/start.ts in the same process (building the web app beside the database start when its sources changed).
 */
const closers: Array<{ name: string; close: () => Promise<unknown> }> = [];
let isClosing = false;
let log: Pick<FastifyInstance['log'], 'info' | 'warn' | 'error'> = {
  info: (message: unknown) => console.log(message),
  warn: (message: unknown) => console.warn(message),
  error: (message: unknown) => console.error(message),
};

async function shutdown(signal: string, exitCode: number): Promise<void> {
  if (isClosing) return;
  isClosing = true;
  if (signal) log.info(`${signal}: shutting down`);
  for (const { name, close } of closers.reverse()) {
    await close().catch((error: unknown) =>
      log.error(`Closing ${name} failed: ${error instanceof Error ? error.message : String(error)}`),
    );
  }
  process.exit(exitCode);
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

export interface StartOptions {
  /** Work the app must wait for before it is built (the launcher's web build), run beside the database start. */
  beforeApp?: Promise<unknown>;
}

export async function startServer(options: StartOptions = {}): Promise<void> {
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
  const [databaseUrl, simulatorSettings, { buildApp }] = await Promise.all([
    startDatabase(baseConfig),
    simulate ? startSimulator(baseConfig, appUrl, () => app?.deps.payments?.smsDeliverySecret ?? '') : null,
    import('./app.ts'),
    options.beforeApp,
  ]);
  const config = simulatorSettings ? loadConfig({ ...process.env, ...simulatorSettings }) : baseConfig;
  if (isClosing) return;
  const built = await buildApp({ config, databaseUrl });
  app = built;
  log = built.log;
  closers.push({ name: 'the app', close: () => built.close() });
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
