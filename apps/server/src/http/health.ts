import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../lib/deps.ts';
import { paymentsMode } from '../payments/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether this process takes new requests (`/readyz`); `server.ts` starts draining it on SIGTERM. */
    readiness: Readiness;
  }
}

export interface Readiness {
  readonly isDraining: boolean;
  /** From now on `/readyz` answers 503, so the balancer stops sending this process new requests (decision 051). */
  startDrain(): void;
}

/** How long `/readyz` waits for `SELECT 1` before it calls the database unreachable (the balancer's check is 2 s). */
export const READY_DATABASE_TIMEOUT_MS = 1_500;

/** True when `SELECT 1` answers within the bound; a pool that cannot hand out a connection in time counts as down. */
async function isDatabaseReachable(deps: Pick<AppDeps, 'pool'>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), READY_DATABASE_TIMEOUT_MS);
  });
  const query = deps.pool.query('SELECT 1').then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The probes (decision 051), plain JSON outside the action endpoint and its envelope:
 * - `/healthz`: the database answers, and where payments go (`simulated` says no real money moves, decision 047);
 * - `/livez`: the process runs its event loop (never touches the database: a slow database must not get it killed);
 * - `/readyz`: it can serve: the database answers, the migrations are done (the app is built only after `migrate`,
 *   so a process still migrating or waiting for another's migration lock does not listen yet) and it is not draining;
 *   503 otherwise. The balancer sends requests only to nodes whose `/readyz` answers 200 (deploy/haproxy).
 */
export function registerHealthRoutes(app: FastifyInstance, deps: AppDeps): void {
  let isDraining = false;
  app.decorate<Readiness>('readiness', {
    get isDraining() {
      return isDraining;
    },
    startDrain() {
      isDraining = true;
    },
  });
  app.get('/healthz', async (_request, reply) => {
    await deps.pool.query('SELECT 1');
    return reply.send({ ok: true, payments: paymentsMode(deps.config) });
  });
  app.get('/livez', async (_request, reply) => reply.header('cache-control', 'no-store').send({ ok: true }));
  app.get('/readyz', async (_request, reply) => {
    const database = await isDatabaseReachable(deps);
    const ready = database && !isDraining;
    return reply
      .code(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ ok: ready, database, migrations: true, draining: isDraining });
  });
}
