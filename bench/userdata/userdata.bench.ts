/**
 * `userdata` under load beside a bare Fastify route doing one pg SELECT on the same database, with the same load
 * generator (autocannon, 64 connections, BENCH_SECONDS). Goal (issue 16): ratio >= 0.7, p99 < 25 ms. A third run,
 * `ping` with the member's token (the app's request pipeline and the session check, answering a constant), is the
 * ceiling any `userdata` design could reach on this app (decision 043).
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

export async function benchUserdata(input: {
  app: FastifyInstance & { deps: { pool: pg.Pool } };
  appUrl: string;
  databaseUrl: string;
  member: { id: string; token: string };
  seconds: number;
  /** The bench database's folder (its postmaster.pid), for the CPU split. */
  dataDir: string;
}): Promise<{ userdata: LoadResult; bare: LoadResult; sessionOnly: LoadResult }> {
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
    const stop = observePool(input.app.deps.pool);
    const stopTime = await observeTime(input);
    const started = performance.now();
    const userdata = await runAutocannon({
      name: 'HTTP userdata',
      url: `${input.appUrl}/api?action=userdata`,
      connections: USERDATA_CONNECTIONS,
      seconds: input.seconds,
      headers: { authorization: `Bearer ${input.member.token}` },
    });
    const wallMs = performance.now() - started;
    printProfile('userdata profile', stop(), userdata.requests, wallMs, USERDATA_CONNECTIONS);
    printTimeProfile('userdata profile', await stopTime(), userdata.requests, wallMs);
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
    return { userdata, bare, sessionOnly };
  } finally {
    await bareRoute.close();
  }
}
