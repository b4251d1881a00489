import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyServerOptions } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { allActions } from './actions/index.ts';
import { envelopeErrorHandler, registerActionEndpoint } from './actions/endpoint.ts';
import type { RegisteredAction } from './http/action.ts';
import { envelopeClientErrorHandler, envelopeFrameworkErrors } from './actions/raw-errors.ts';
import { registerTextGuard } from './actions/text-guard.ts';
import { publicUrl, type Config } from './config.ts';
import { connectDatabase, type Database } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { ChangeFeed } from './lib/change-feed.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { parseJsonBody } from './lib/json-body.ts';
import { withRedaction } from './lib/log-redaction.ts';
import type { AppDeps } from './lib/deps.ts';
import { cryptoRandom, type RandomSource } from './lib/random.ts';
import { loadSecretKeys, type LoadedSecretKeys } from './lib/secret-keys.ts';
import { toFastifyTrustProxy } from './lib/trust-proxy.ts';
import { registerHealthRoutes } from './http/health.ts';
import { ReferenceCache } from './modules/reference/index.ts';
import { EXPORT_ROUTE_DOCS } from './modules/exports/index.ts';
import { ADMIN_CONTENT_ROUTE_DOCS } from './modules/admin-content/index.ts';
import { PAYOUT_ROUTE_DOCS } from './modules/payouts/index.ts';
import { registerSecurityHeaders } from './plugins/security.ts';
import { registerWebApp } from './plugins/web.ts';
import { registerModuleRoutes, runStartupTasks } from './modules/startup.ts';
import { openPayments } from './modules/deposits/index.ts';
import { sealTotpSecrets } from './modules/auth/index.ts';
import { appLoggerOptions, registerObservability, requestIdOptions } from './modules/observability/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

export interface BuildAppOptions {
  config: Config;
  databaseUrl: string;
  /** Logger options (tests pass a capturing stream); secrets are redacted whatever is passed (decision 020). */
  logger?: FastifyServerOptions['logger'];
  /** Extra actions (tests only). */
  extraActions?: readonly RegisteredAction[];
  /** The app's clock; tests pass a SettableClock to move to tomorrow. Defaults to the system clock. */
  clock?: Clock;
  /** The app's random source; tests pass a fixed sequence. Defaults to crypto randomness. */
  random?: RandomSource;
  /**
   * Listen to the writers' change feed and keep sessions and `userdata` answers while it is live (decision 064).
   * Default true; false keeps only the fingerprint path (the bench's comparison, tests that poll right after a write).
   */
  changeFeed?: boolean;
}

/**
 * The Fastify options the app relies on, which only the constructor takes: the redacted logger, the proxies trusted
 * for client addresses, the body limit and the envelope for requests refused before routing (decision 023). Whoever
 * constructs the instance the app is registered on passes these (server.ts adds its timeouts, decision 048).
 */
export function appServerOptions(options: Pick<BuildAppOptions, 'config' | 'logger'>): FastifyServerOptions {
  const { config, logger } = options;
  return {
    logger: logger === false ? false : withRedaction(logger === true || !logger ? appLoggerOptions(config) : logger),
    // A request id on every log line and every answer (X-Request-Id), the balancer's only behind TRUST_PROXY.
    ...requestIdOptions(config),
    // Off unless TRUST_PROXY names the proxies in front: otherwise any client could pick its own rate-limit key.
    trustProxy: toFastifyTrustProxy(config.TRUST_PROXY),
    bodyLimit: 64 * 1024,
    clientErrorHandler: envelopeClientErrorHandler,
    frameworkErrors: envelopeFrameworkErrors,
  };
}

/**
 * Builds the whole server on `app` (by default a Fastify instance with `appServerOptions`): registers the `tuzoApp`
 * plugin and waits for it, so every route is registered, every dependency is complete and start-up work is done when
 * it returns. `server.ts` listens; tests call `inject()` or listen on port 0.
 */
export async function buildApp(
  options: BuildAppOptions,
  app: FastifyInstance = Fastify(appServerOptions(options)),
): Promise<FastifyInstance> {
  await app.register(tuzoApp, options);
  return app;
}

/**
 * The app as a Fastify plugin: database (migrated), dependencies, security headers, rate limits, the action endpoint,
 * the modules' routes, the web app, then start-up work. It is not encapsulated (`skip-override`, what fastify-plugin
 * sets): `deps`, the error handler and the JSON parser belong to the instance it is registered on.
 */
export const tuzoApp: FastifyPluginAsync<BuildAppOptions> = Object.assign(
  async (app: FastifyInstance, options: BuildAppOptions) => {
    // The key first: a missing or unreadable key stops the start before the database is touched.
    const secretKeys = loadSecretKeys(options.config);
    const database = connectDatabase(options.databaseUrl, { readUrl: options.config.DATABASE_READ_URL });
    try {
      const deps = await openDeps(app, options, { database, secretKeys });
      app.decorate('deps', deps);
      await registerHttp(app, deps, options.extraActions ?? []);
      await runStartupTasks(app, deps);
    } catch (error) {
      // A refused start (e.g. TUZO_ADMIN_USERNAME naming a member) leaves no open connection behind.
      if (app.hasDecorator('deps')) await app.deps.changes?.close();
      await database.close();
      throw error;
    }
    app.addHook('onClose', async () => {
      await app.deps.changes?.close();
      await database.close();
    });
  },
  { [Symbol.for('skip-override')]: true },
);

/** Every dependency, complete before the first route is registered: nothing in `AppDeps` is filled in later. */
async function openDeps(
  app: FastifyInstance,
  options: BuildAppOptions,
  { database, secretKeys }: { database: Database; secretKeys: LoadedSecretKeys },
): Promise<AppDeps> {
  const { config } = options;
  await migrate(database.pool);
  if (secretKeys.source === 'generated')
    app.log.warn(
      `No TUZO_SECRET_KEY: generated a key for this data folder in ${secretKeys.file} (set TUZO_SECRET_KEY in production)`,
    );
  let listeningUrl: string | null = null;
  app.addHook('onListen', async () => {
    const address = app.server.address();
    if (address && typeof address === 'object' && !config.PUBLIC_URL) listeningUrl = `http://localhost:${address.port}`;
  });
  const base = {
    config,
    db: database.db,
    readDb: database.readDb,
    pool: database.pool,
    log: app.log,
    clock: options.clock ?? systemClock,
    random: options.random ?? cryptoRandom,
    secrets: secretKeys.box,
    publicUrl: () => listeningUrl ?? publicUrl(config, config.PORT),
    reference: new ReferenceCache(database.pool),
  };
  // Stored secrets are checked against the key before anything else opens one (a TOTP secret names the problem).
  await sealTotpSecrets(base);
  const payments = await openPayments(base);
  const changes = options.changeFeed === false ? undefined : new ChangeFeed(options.databaseUrl, app.log);
  changes?.start();
  return { ...base, payments, changes };
}

/** Parsers, error handling, security headers, rate limits and every route: the action endpoint, the modules', the web app. */
async function registerHttp(app: FastifyInstance, deps: AppDeps, extraActions: readonly RegisteredAction[]): Promise<void> {
  registerObservability(app, deps);
  registerJsonParser(app);
  app.setErrorHandler(envelopeErrorHandler);
  registerTextGuard(app);
  await registerSecurityHeaders(app);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: `Too many requests. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
    }),
  });
  // /healthz, /livez and /readyz (the balancer's check; draining on SIGTERM, decision 051).
  registerHealthRoutes(app, deps);
  // The routes beside the actions are listed in the API document with them (http/route-docs.ts).
  await registerActionEndpoint(
    app,
    deps,
    [...allActions, ...extraActions],
    [...EXPORT_ROUTE_DOCS, ...ADMIN_CONTENT_ROUTE_DOCS, ...PAYOUT_ROUTE_DOCS],
  );
  await registerModuleRoutes(app, deps);
  await registerWebApp(app, deps.config.webDistDir);
}

/** Clients send a JSON content type on every call, bodies only on POST; an empty body means "no fields". */
function registerJsonParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    try {
      done(null, parseJsonBody(text, request.url));
    } catch {
      const error = Object.assign(new Error('The request body is not valid JSON'), {
        statusCode: 400,
        code: 'FST_ERR_CTP_INVALID_JSON_BODY',
      });
      done(error, undefined);
    }
  });
}
