import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { serverSettings, startProviderSim } from '@tuzo/provider-sim';
import { inject } from 'vitest';
import { buildApp } from '../../../server/src/app.ts';
import type { Clock } from '../../../server/src/lib/clock.ts';
import { loadConfig } from '../../../server/src/config.ts';
import { ensureDatabase } from '../../../server/src/db/embedded.ts';
import { REPO_ROOT } from './paths.ts';

export const ADMIN_USERNAME = 'e2e_admin';
export const ADMIN_PASSWORD = 'e2e-admin-password';
export const DEMO_MEMBER = { username: 'demo_sponsor', password: 'demo1234' } as const;

/** The system clock moved forward by hand: time keeps running, and a flow jumps past a timeout with `advance`. */
export class AdvancingClock implements Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

export interface TestServer {
  app: FastifyInstance;
  baseUrl: string;
  close: () => Promise<void>;
}

export interface TestServerOptions {
  /** Replaces the system clock (a flow that must let a timeout pass moves it instead of sleeping). */
  clock?: Clock;
  /** The simulator's delay before an STK callback or a status query's result is posted (default 1000 ms). */
  callbackDelayMs?: number;
}

/**
 * The whole server on a fresh database of the run's PostgreSQL (like apps/server/test/harness.ts), serving the
 * built web app, with the demo team seeded, listening on a free port.
 */
export async function startTestServer(env: Record<string, string> = {}, options: TestServerOptions = {}): Promise<TestServer> {
  const webDistDir = path.join(REPO_ROOT, 'apps/web/dist');
  if (!fs.existsSync(path.join(webDistDir, 'index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run build -w @tuzo/web` (npm run test:e2e does it)');
  }
  const adminUrl = inject('pgAdminUrl');
  const name = `e2e_${randomBytes(6).toString('hex')}`;
  await ensureDatabase(adminUrl, name);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // The payment providers are the simulator, started here and handed to the app as server.ts does in development.
  const sim = await startProviderSim({
    ...(options.callbackDelayMs === undefined ? {} : { callbackDelayMs: options.callbackDelayMs }),
    flutterwave: { webhookUrl: () => `${app.deps.publicUrl()}/hooks/flutterwave` },
  });
  const config = loadConfig({
    ...serverSettings(sim),
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    // E2E_LOG_LEVEL=info prints the server's request log while debugging a flow.
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'silent',
    RATE_LIMIT_ENABLED: 'false',
    TUZO_DEMO_SEED: 'true',
    TUZO_ADMIN_USERNAME: ADMIN_USERNAME,
    TUZO_ADMIN_PASSWORD: ADMIN_PASSWORD,
    WEB_DIST_DIR: webDistDir,
    DATA_DIR: path.join(REPO_ROOT, '.data-test', name),
    ...env,
  });
  // Without the change feed (decision 064), as the server tests' harness: these tests change the database behind the
  // app (an SQL update, then a reload), which the feed may show up to a second later; the feed has its own tests.
  const app = await buildApp({
    config,
    databaseUrl: url.toString(),
    changeFeed: false,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  app.addHook('onClose', () => sim.close());
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    baseUrl: `http://127.0.0.1:${port}`,
    close: async () => {
      await app.close();
      fs.rmSync(path.join(REPO_ROOT, '.data-test', name), { recursive: true, force: true });
    },
  };
}
