import { Writable } from 'node:stream';
import { NoPayloadSchema } from '@tuzo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../src/config.ts';
import { defineAction } from '../src/http/action.ts';
import { logFormat } from '../src/modules/observability/index.ts';
import { createTestApp, type TestApp } from './harness.ts';

/**
 * Request ids and log format (decision 053): every log line of a request and every answer carry one id, the
 * balancer's only behind TRUST_PROXY; a 500 answer keeps the envelope's shape; `/metrics` is off without a token.
 */
const lines: string[] = [];
const capture = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});
const logLines = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

const explode = defineAction({
  name: 'testexplode',
  summary: 'Test only: fails on our side.',
  methods: ['GET'],
  access: 'public',
  payload: NoPayloadSchema,
  data: z.null(),
  handler: async () => {
    throw new Error('boom');
  },
});

let trusted: TestApp;
let plain: TestApp;
beforeAll(async () => {
  trusted = await createTestApp(
    { TRUST_PROXY: 'loopback' },
    { extraActions: [explode], logger: { level: 'info', stream: capture } },
  );
  plain = await createTestApp({}, { extraActions: [explode] });
});
afterAll(async () => {
  await trusted?.close();
  await plain?.close();
});

describe('request ids', () => {
  it('requests refused before routing (bad JSON, body too large, unknown route) answer with the id too', async () => {
    const refused = [
      await plain.app.inject({
        method: 'POST',
        url: '/api?action=auth',
        headers: { 'content-type': 'application/json' },
        payload: '{"a":',
      }),
      await plain.app.inject({
        method: 'POST',
        url: '/api?action=auth',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ pad: 'x'.repeat(70 * 1024) }),
      }),
      await plain.app.inject({ url: '/api/no-such-route' }),
    ];
    expect(refused.map((answer) => answer.statusCode)).toEqual([400, 413, 404]);
    for (const answer of refused) {
      expect(answer.headers['x-request-id']).toMatch(/^[a-z0-9]+-[a-z0-9]+$/);
      expect(answer.json()).toMatchObject({ resultcode: false, data: null });
    }
    expect(new Set(refused.map((answer) => answer.headers['x-request-id'])).size).toBe(3);
  });

  it('behind TRUST_PROXY the balancer id is kept: in the answer header and on every line of the request', async () => {
    lines.length = 0;
    const answer = await trusted.app.inject({ url: '/api?action=testexplode', headers: { 'x-request-id': 'lb-7f.3:a' } });
    expect(answer.statusCode).toBe(500);
    expect(answer.headers['x-request-id']).toBe('lb-7f.3:a');
    // The envelope keeps its six fields; the id travels in the header.
    expect(Object.keys(answer.json()).sort()).toEqual(['code', 'data', 'info', 'msg', 'resultcode', 'status']);
    expect(answer.json()).toMatchObject({ code: 'INTERNAL', data: null, info: [] });
    const ofRequest = logLines().filter((line) => line.reqId !== undefined);
    expect(ofRequest.map((line) => line.msg)).toEqual(['incoming request', 'unexpected error', 'request completed']);
    expect(new Set(ofRequest.map((line) => line.reqId))).toEqual(new Set(['lb-7f.3:a']));
  });

  it('a forwarded id that is not a plain token is replaced by our own', async () => {
    const answer = await trusted.app.inject({ url: '/api?action=auth', headers: { 'x-request-id': 'a b"c' } });
    expect(answer.headers['x-request-id']).toMatch(/^[a-z0-9]+-[a-z0-9]+$/);
  });

  it('without TRUST_PROXY a client cannot choose its id, and each answer gets a new one', async () => {
    const first = await plain.app.inject({ url: '/api?action=auth', headers: { 'x-request-id': 'chosen-by-client' } });
    const second = await plain.app.inject({ url: '/no-such-page' });
    expect(first.headers['x-request-id']).not.toBe('chosen-by-client');
    expect(first.headers['x-request-id']).toMatch(/^[a-z0-9]+-[a-z0-9]+$/);
    expect(second.headers['x-request-id']).toMatch(/^[a-z0-9]+-[a-z0-9]+$/);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
  });
});

describe('/metrics and the log format', () => {
  it('is not served without METRICS_TOKEN', async () => {
    const answer = await plain.app.inject({ url: '/metrics', headers: { authorization: 'Bearer anything-at-all-here' } });
    expect(answer.statusCode).toBe(404);
    expect(answer.body).not.toContain('tuzo_');
  });

  it('JSON unless a terminal outside public production, or as LOG_FORMAT says', () => {
    const config = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'development', ...env });
    expect(logFormat(config({}), true)).toBe('pretty');
    expect(logFormat(config({}), false)).toBe('json');
    expect(logFormat(config({ NODE_ENV: 'production' }), true)).toBe('pretty');
    expect(logFormat(config({ NODE_ENV: 'production', PUBLIC_URL: 'https://tuzo.example', TUZO_SECRET_KEY: KEY }), true)).toBe(
      'json',
    );
    expect(logFormat(config({ LOG_FORMAT: 'json' }), true)).toBe('json');
    expect(logFormat(config({ LOG_FORMAT: 'pretty' }), false)).toBe('pretty');
    expect(() => config({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });
});

const KEY = Buffer.alloc(32, 7).toString('base64');
