import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { allActions } from './actions/index.ts';
import { envelopeErrorHandler, registerActionEndpoint } from './actions/endpoint.ts';
import type { RegisteredAction } from './http/action.ts';
import { envelopeClientErrorHandler, envelopeFrameworkErrors } from './actions/raw-errors.ts';
import { registerTextGuard } from './actions/text-guard.ts';
import { publicUrl, type Config } from './config.ts';
import { connectDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { parseJsonBody } from './lib/json-body.ts';
import { withRedaction } from './lib/log-redaction.ts';
import type { AppDeps } from './lib/deps.ts';
import { cryptoRandom, type RandomSource } from './lib/random.ts';
import { loadSecretKeys } from './lib/secret-keys.ts';
import { toFastifyTrustProxy } from './lib/trust-proxy.ts';
import { paymentsMode } from './payments/index.ts';
import { ReferenceCache } from './modules/reference/reference.service.ts';
import { EXPORT_ROUTE_DOCS } from './modules/exports/exports.routes.ts';
import { ADMIN_CONTENT_ROUTE_DOCS } from './modules/admin-content/admin-content.routes.ts';
import { PAYOUT_ROUTE_DOCS } from './modules/payouts/payout-settlement.routes.ts';
import { registerSecurityHeaders } from './plugins/security.ts';
import { registerWebApp } from './plugins/web.ts';
import { runStartupTasks } from './modules/startup.ts';
import { sealTotpSecrets } from './modules/auth/totp-sealing.ts';

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
}

/**
 * Builds the whole server as one Fastify instance: database (migrated), security headers, rate limits, the
 * action endpoint, provider webhooks and the web app. `server.ts` listens; tests call `inject()` or listen on port 0.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : withRedaction(options.logger === true || !options.logger ? { level: config.LOG_LEVEL } : options.logger),
    // Off unless TRUST_PROXY names the proxies in front: otherwise any client could pick its own rate-limit key.
    trustProxy: toFastifyTrustProxy(config.TRUST_PROXY),
    bodyLimit: 64 * 1024,
    // Requests refused before routing still get the envelope (decision 023).
    clientErrorHandler: envelopeClientErrorHandler,
    frameworkErrors: envelopeFrameworkErrors,
  });
  // The key first: a missing or unreadable key stops the start before the database is touched.
  const secretKeys = loadSecretKeys(config);
  const database = connectDatabase(options.databaseUrl);
  await migrate(database.pool);

  let listeningUrl: string | null = null;
  const clock = options.clock ?? systemClock;
  const deps: AppDeps = {
    config,
    db: database.db,
    pool: database.pool,
    log: app.log,
    clock,
    random: options.random ?? cryptoRandom,
    secrets: secretKeys.box,
    publicUrl: () => listeningUrl ?? publicUrl(config, config.PORT),
    reference: new ReferenceCache(database.pool),
    payments: null,
  };
  app.decorate('deps', deps);
  if (secretKeys.source === 'generated')
    app.log.warn(
      `No TUZO_SECRET_KEY: generated a key for this data folder in ${secretKeys.file} (set TUZO_SECRET_KEY in production)`,
    );
  await sealTotpSecrets(deps).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  app.addHook('onListen', async () => {
    const address = app.server.address();
    if (address && typeof address === 'object' && !config.PUBLIC_URL) listeningUrl = `http://localhost:${address.port}`;
  });

  // Clients send a JSON content type on every call, bodies only on POST; an empty body means "no fields".
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

  app.get('/healthz', async (_request, reply) => {
    await database.pool.query('SELECT 1');
    // Where payments go: `simulated` says no real money moves (decision 047).
    return reply.send({ ok: true, payments: paymentsMode(config) });
  });

  // The routes beside the actions are listed in the API document with them (http/route-docs.ts).
  await registerActionEndpoint(
    app,
    deps,
    [...allActions, ...(options.extraActions ?? [])],
    [...EXPORT_ROUTE_DOCS, ...ADMIN_CONTENT_ROUTE_DOCS, ...PAYOUT_ROUTE_DOCS],
  );
  try {
    await runStartupTasks(app, deps);
  } catch (error) {
    // A refused start (e.g. TUZO_ADMIN_USERNAME naming a member) leaves no open connection behind.
    await database.close();
    throw error;
  }
  await registerWebApp(app, config.webDistDir);

  app.addHook('onClose', async () => {
    await database.close();
  });
  return app;
}
