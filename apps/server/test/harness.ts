import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { serverSettings, startProviderSim, type ProviderSim } from '@tuzo/provider-sim';
import { inject } from 'vitest';
import { buildApp, type BuildAppOptions } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { runningClockFrom, type Clock } from '../src/lib/clock.ts';
import { ensureDatabase } from '../src/db/embedded.ts';
import { formatReconcileReport, reconcileLedger } from '../src/ledger/reconcile.ts';
import { hashToken } from '../src/modules/auth/tokens.ts';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  databaseUrl: string;
  /** The app's own provider simulator (its address and keys are in the config, as server.ts does in development). */
  sim: ProviderSim;
  /** Runs SQL against the test database (for assertions only, never to set up money). */
  sql: <T extends pg.QueryResultRow = Record<string, unknown>>(text: string, values?: unknown[]) => Promise<T[]>;
  close: () => Promise<void>;
  closeWithoutReconcile: () => Promise<void>;
}

/** What a test may choose of the app it builds; `instance` makes the Fastify instance (default: buildApp's). */
export type TestAppOptions = Pick<BuildAppOptions, 'clock' | 'random' | 'extraActions' | 'logger' | 'changeFeed'> & {
  instance?: (config: Config) => FastifyInstance;
};

/** The environment of a test app: quiet, no rate limits, no demo data, no web files; `env` adds or overrides. */
export function testEnv(env: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_ENABLED: 'false',
    TUZO_DEMO_SEED: 'false',
    WEB_DIST_DIR: '/nonexistent',
    ...env,
  };
}

/** A fresh database on the run's PostgreSQL, migrated, with the whole app built on it. */
export async function createTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const adminUrl = inject('pgAdminUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  await ensureDatabase(adminUrl, name);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return createTestAppOn(url.toString(), env, options);
}

/** The whole app built on an existing test database: a second app on one database stands for a second process. */
export async function createTestAppOn(
  databaseUrl: string,
  env: Record<string, string> = {},
  { instance, ...options }: TestAppOptions = {},
): Promise<TestApp> {
  const sim = await startProviderSim({
    flutterwave: { webhookUrl: () => `${app.deps.publicUrl()}/hooks/flutterwave` },
    // Delivery reports go when a test calls sim.africasTalking.deliverReports() (the app must be listening then).
    africasTalking: {
      deliveryReportUrl: () => `${app.deps.publicUrl()}/hooks/sms-delivery/${app.deps.payments.smsDeliverySecret}`,
      reports: 'manual',
    },
  });
  const config = loadConfig(
    testEnv({
      // The SMS sender loop is off; the SMS tests run it by hand (runSmsSender) or turn it on.
      SMS_SEND_EVERY_MS: '0',
      ...serverSettings(sim),
      ...env,
    }),
  );
  // No change feed unless a test asks (change-feed tests): tests write and poll at once, and a feed-kept answer may
  // lag a write by up to a second (decision 064).
  const app = await buildApp(
    { config, databaseUrl, ...options, changeFeed: options.changeFeed ?? false, clock: options.clock ?? defaultTestClock() },
    instance?.(config),
  );
  app.addHook('onClose', () => sim.close());
  await app.ready();
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  return {
    app,
    config,
    databaseUrl,
    sim,
    sql: async (text, values) => (await pool.query(text, values)).rows,
    /** Closes the app after checking that the file's ledger reconciles: every test file ends with that check. */
    close: async () => {
      const report = await reconcileLedger(app.deps.db);
      await app.close();
      await pool.end();
      if (!report.ok) throw new Error(`Ledger does not reconcile after the tests:\n${formatReconcileReport(report)}`);
    },
    closeWithoutReconcile: async () => {
      await app.close();
      await pool.end();
    },
  };
}

/**
 * The clock of a test that fixes none: the system clock, or with TUZO_TEST_CLOCK (an ISO instant) a clock running from
 * that instant, far from today (`npm run test:server:far-clock`, run by `npm test`), so a rule that mixes the app's
 * clock with the database's or the machine's shows at once instead of on some later calendar day.
 */
export function defaultTestClock(): Clock | undefined {
  const start = process.env.TUZO_TEST_CLOCK;
  if (!start) return undefined;
  const at = new Date(start);
  if (Number.isNaN(at.getTime())) throw new Error(`TUZO_TEST_CLOCK is not an instant: ${start}`);
  return runningClockFrom(at);
}

/**
 * A signed-in session for a member the test made, written straight into `sessions` and stamped with the app's clock
 * (never the database's now(), which a test that moves its clock would see as the past or the future). It outlives
 * any clock a test moves (ten years, idle or not): a test of session expiry signs in through `login`. Its token.
 */
export async function openTestSession(t: Pick<TestApp, 'app' | 'sql'>, memberId: bigint): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await t.sql(
    `INSERT INTO sessions (member_id, token_hash, created_at, last_seen_at, expires_at, idle_seconds)
     VALUES ($1, $2, $3::timestamptz, $3::timestamptz, $3::timestamptz + interval '10 years', $4)`,
    [memberId.toString(), hashToken(token), t.app.deps.clock.now(), TEST_SESSION_SECONDS],
  );
  return token;
}

const TEST_SESSION_SECONDS = 10 * 365 * 24 * 3600;

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  token?: string | null;
  payload?: unknown;
  query?: Record<string, string>;
  headers?: Record<string, string>;
}

export interface EnvelopeResponse<T = any> {
  httpStatus: number;
  status: number;
  resultcode: boolean;
  msg: string;
  data: T;
  info: unknown[];
  code: string | null;
}

/** Calls `/api?action=NAME` through inject() and returns the parsed envelope plus the HTTP status. */
export async function callAction<T = any>(
  app: FastifyInstance,
  action: string,
  options: CallOptions = {},
): Promise<EnvelopeResponse<T>> {
  const method = options.method ?? (options.payload === undefined ? 'GET' : 'POST');
  const query = new URLSearchParams({ action, ...(options.query ?? {}) });
  const response = await app.inject({
    method,
    url: `/api?${query.toString()}`,
    headers: {
      'content-type': 'application/json',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.headers ?? {}),
    },
    ...(options.payload !== undefined
      ? { payload: typeof options.payload === 'string' ? options.payload : JSON.stringify(options.payload) }
      : {}),
  });
  const body = response.json() as Omit<EnvelopeResponse<T>, 'httpStatus'>;
  return { httpStatus: response.statusCode, ...body };
}
