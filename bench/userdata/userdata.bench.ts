/**
 * `userdata` under load beside a bare Fastify route doing one pg SELECT on the same database, with the same load
 * generator (autocannon, 64 connections, BENCH_SECONDS). Goal (issues 16 and 28): ratio >= 0.7, p99 < 25 ms.
 * Two `userdata` rows in one run (issue 28 asks for both): the app as it runs (the change feed on: a quiet poll reads
 * nothing from PostgreSQL, decision 064) and a second app on the same database built without the feed (every poll
 * reads the fingerprint in the session check's statement, decision 043: what a per-member version read would cost).
 * A last run, `ping` with the member's token (the app's request pipeline and the session check in PostgreSQL,
 * answering a constant), is the ceiling of any design that checks the session in PostgreSQL (decision 043).
 */
import Fastify from 'fastify';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { runAutocannon, type LoadResult } from '../lib/autocannon.ts';
import { observePool, printProfile } from '../lib/pool-profile.ts';
import { observeTime, printTimeProfile } from '../lib/where-time-goes.ts';

export const USERDATA_CONNECTIONS = 64;

/** The baseline: Fastify with one route reading one member row, on a pool as large as the app's. */
export async function startBareRoute(
  databaseUrl: string,
  memberId: string,
): Promise<{ url: string; close: () => Promise<void> }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 20 });
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => {
    const result = await pool.query('SELECT id, username, status FROM members WHERE id = $1', [memberId]);
    return { status: 200, data: result.rows[0] ?? null };
  });
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const address = bare.server.address();
  if (!address || typeof address !== 'object') throw new Error('The bare route is not listening');
  return {
    url: `http://127.0.0.1:${address.port}/bare`,
    close: async () => {
      await bare.close();
      await pool.end();
    },
  };
}

export interface UserdataLoads {
  /** The change feed on (the app as it runs). */
  userdata: LoadResult;
  /** The same poll on an app without the feed: the fingerprint in the session check's statement. */
  fingerprint: LoadResult;
  bare: LoadResult;
  sessionOnly: LoadResult;
}

interface BenchInput {
  app: FastifyInstance & { deps: { pool: pg.Pool } };
  appUrl: string;
  /** The same app built without the change feed, on the same database. */
  fingerprintApp: FastifyInstance & { deps: { pool: pg.Pool } };
  fingerprintUrl: string;
  databaseUrl: string;
  member: { id: string; token: string };
  seconds: number;
  /** The bench database's folder (its postmaster.pid), for the CPU split. */
  dataDir: string;
}

/** One `userdata` load on `url`, with the pool and time profiles of the app behind it. */
async function userdataLoad(input: BenchInput, title: string, target: { url: string; pool: pg.Pool }): Promise<LoadResult> {
  const stop = observePool(target.pool);
  const stopTime = await observeTime(input);
  const started = performance.now();
  const load = await runAutocannon({
    name: title,
    url: `${target.url}/api?action=userdata`,
    connections: USERDATA_CONNECTIONS,
    seconds: input.seconds,
    headers: { authorization: `Bearer ${input.member.token}` },
  });
  const wallMs = performance.now() - started;
  printProfile(`${title} profile`, stop(), load.requests, wallMs, USERDATA_CONNECTIONS);
  printTimeProfile(`${title} profile`, await stopTime(), load.requests, wallMs);
  return load;
}

export async function benchUserdata(input: BenchInput): Promise<UserdataLoads> {
  const bareRoute = await startBareRoute(input.databaseUrl, input.member.id);
  try {
    const stopBareTime = await observeTime(input);
    const bareStarted = performance.now();
    const bare = await runAutocannon({
      name: 'bare Fastify + 1 pg SELECT',
      url: bareRoute.url,
      connections: USERDATA_CONNECTIONS,
      seconds: input.seconds,
    });
    printTimeProfile('bare route profile', await stopBareTime(), bare.requests, performance.now() - bareStarted);
    const userdata = await userdataLoad(input, 'HTTP userdata (change feed)', {
      url: input.appUrl,
      pool: input.app.deps.pool,
    });
    const fingerprint = await userdataLoad(input, 'HTTP userdata (fingerprint, no feed)', {
      url: input.fingerprintUrl,
      pool: input.fingerprintApp.deps.pool,
    });
    const stopPingTime = await observeTime(input);
    const pingStarted = performance.now();
    const sessionOnly = await runAutocannon({
      name: 'HTTP ping with a token (session check)',
      url: `${input.appUrl}/api?action=ping`,
      connections: USERDATA_CONNECTIONS,
      seconds: input.seconds,
      headers: { authorization: `Bearer ${input.member.token}` },
    });
    printTimeProfile('ping-with-token profile', await stopPingTime(), sessionOnly.requests, performance.now() - pingStarted);
    return { userdata, fingerprint, bare, sessionOnly };
  } finally {
    await bareRoute.close();
  }
}
