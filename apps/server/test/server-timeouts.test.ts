import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appServerOptions } from '../src/app.ts';
import { SERVER_TIMEOUTS, serverOptions } from '../src/server.ts';
import { createTestApp, type TestApp } from './harness.ts';

/** The idle timeout of the load balancer in front (AWS ALB's default): Node must keep connections longer. */
const BALANCER_IDLE_MS = 60_000;

/**
 * The timeouts server.ts sets (decision 048), checked on the listening server built the way server.ts builds it:
 * the whole app registered on a Fastify instance made with `serverOptions(appServerOptions(...))`.
 */
describe('the server that listens', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { instance: (config) => Fastify(serverOptions(appServerOptions({ config }))) });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => t.close());

  it('has request, headers, connection and keep-alive timeouts set on the Node server', () => {
    const server = t.app.server;
    expect(server.requestTimeout).toBe(SERVER_TIMEOUTS.requestTimeoutMs);
    expect(server.headersTimeout).toBe(SERVER_TIMEOUTS.headersTimeoutMs);
    expect(server.timeout).toBe(SERVER_TIMEOUTS.connectionTimeoutMs);
    expect(server.keepAliveTimeout).toBe(SERVER_TIMEOUTS.keepAliveTimeoutMs);
    // None is off (0), the headers come before the whole request, and the balancer closes idle connections first.
    for (const value of [server.requestTimeout, server.headersTimeout, server.timeout]) expect(value).toBeGreaterThan(0);
    expect(server.headersTimeout).toBeLessThanOrEqual(server.requestTimeout);
    expect(server.keepAliveTimeout).toBeGreaterThan(BALANCER_IDLE_MS);
  });

  it('tells a kept-alive client how long its connection stays open', async () => {
    const { port } = t.app.server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: true });
    const headers = await new Promise<http.IncomingHttpHeaders>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: '/healthz', agent }, (response) => {
          response.resume();
          response.on('end', () => resolve(response.headers));
        })
        .on('error', reject);
    });
    agent.destroy();
    expect(headers.connection).toBe('keep-alive');
    expect(headers['keep-alive']).toBe(`timeout=${SERVER_TIMEOUTS.keepAliveTimeoutMs / 1000}`);
  });
});
