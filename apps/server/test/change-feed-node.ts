/**
 * A second server process for the change-feed tests (change-feed.test.ts): the whole app, as `npm start` builds it,
 * with the change feed on, on the test's database, listening on PORT. Every answer carries `x-pool-checkouts`: how
 * many connections the request took from the app's pool (every statement the app sends needs one; the feed's own
 * connection is outside the pool).
 */
import { createServer } from 'node:http';
import Fastify from 'fastify';
import { appServerOptions, buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { runningClockFrom } from '../src/lib/clock.ts';
import { countPoolCheckouts, type PoolCheckouts } from './pool-checkouts.ts';

const config = loadConfig(process.env);
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL is required');
let checkouts: PoolCheckouts | null = null;
const instance = Fastify({
  ...appServerOptions({ config }),
  serverFactory: (handler) =>
    createServer((request, response) => {
      const served = new Promise<void>((resolve) => response.once('close', resolve));
      if (!checkouts) return handler(request, response);
      void checkouts.run(() => {
        handler(request, response);
        return served;
      });
    }),
});
const testClock = process.env.TUZO_TEST_CLOCK;
const app = await buildApp(
  { config, databaseUrl, clock: testClock ? runningClockFrom(new Date(testClock)) : undefined, changeFeed: true },
  instance,
);
checkouts = countPoolCheckouts(app.deps.pool);
// Whether the feed answered every lookup of the request as live, in one epoch: on a loaded machine a read may come
// back later than the 1 s bound, and a poll then rightly reads PostgreSQL (the test requires no connection only
// from a request the feed served live throughout).
const atStart = new WeakMap<object, string>();
const feedState = () => {
  const state = app.deps.changes?.state;
  return state ? `${state.epoch}:${state.notLive}` : '';
};
app.addHook('onRequest', async (request) => {
  atStart.set(request, feedState());
});
app.addHook('onSend', async (request, reply) => {
  reply.header('x-pool-checkouts', String(checkouts?.current() ?? -1));
  reply.header('x-feed-live', String(app.deps.changes?.isLive === true && atStart.get(request) === feedState()));
  reply.header('x-feed-epoch', String(app.deps.changes?.state.epoch ?? -1));
  reply.header('x-feed-reads', String(app.deps.changes?.state.reads ?? -1));
});
await app.listen({ port: config.PORT, host: '127.0.0.1' });
const stop = () => void app.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
