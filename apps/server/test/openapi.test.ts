import { EXPORT_NAMES } from '@tuzo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allActions } from '../src/actions/index.ts';
import { createTestApp, type TestApp } from './harness.ts';

/**
 * The API document (/api/openapi.json) lists every route under /api: each action, and each route beside the action
 * endpoint (the CSV exports, the ad image upload, the trivia CSV import) with its role, parameters and answers. The
 * routes the server really registered are read from Fastify itself, so a new route without a description fails here.
 */
type Json = Record<string, any>;

let t: TestApp;
let document: { paths: Record<string, Record<string, Json>> };

beforeAll(async () => {
  t = await createTestApp();
  document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
});
afterAll(async () => t.close());

/** The routes Fastify registered, as `METHOD /full/path`, read from its route tree (`printRoutes`). */
function registeredRoutes(): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    const path = stack.join('');
    for (const method of (match[3] ?? '').split(', ').filter((m) => m !== '' && m !== 'HEAD')) routes.push(`${method} ${path}`);
  }
  return routes;
}

/** The endpoint's own routes: the action endpoint (any method, answered per action) and the document itself. */
const ENDPOINT_ROUTES = /^\S+ \/api(\/:action)?$|^GET \/api\/(openapi\.json|docs)$/;

describe('the API document lists every route', () => {
  it('every route registered under /api is described, with its method', () => {
    const documented = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const routes = registeredRoutes().filter((route) => / \/api(\/|$)/.test(route) && !ENDPOINT_ROUTES.test(route));
    expect(routes).toEqual(
      expect.arrayContaining(['GET /api/admin/export/:name', 'POST /api/admin/upload', 'POST /api/admin/trivia/import']),
    );
    for (const route of routes) {
      const pattern = new RegExp(`^${route.replace(/:[A-Za-z]+/g, '[^/]+')}$`);
      expect(
        documented.some((operation) => pattern.test(operation)),
        `${route} is not in the API document`,
      ).toBe(true);
    }
    for (const name of EXPORT_NAMES) expect(document.paths[`/api/admin/export/${name}`]?.get, name).toBeDefined();
  });

  it('every action is described once, by name, with its access level', () => {
    const named = Object.values(document.paths)
      .flatMap((methods) => Object.values(methods).map((operation) => operation['x-action']))
      .filter(Boolean);
    expect(new Set(named)).toEqual(new Set(allActions.map((action) => action.name)));
  });

  it('describes the exports with their role, filters and CSV answer', () => {
    const members = document.paths['/api/admin/export/members']!.get!;
    expect(members['x-access']).toBe('operator');
    expect(members.security).toEqual([{ bearer: [] }]);
    expect(members.parameters.map((parameter: Json) => `${parameter.in}:${parameter.name}`)).toEqual(
      expect.arrayContaining(['query:q', 'query:status', 'query:country', 'query:joined_from', 'query:joined_to']),
    );
    expect(Object.keys(members.responses['200'].content)).toEqual(['text/csv']);
    expect(members.responses.default.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ErrorEnvelope' });
    expect(document.paths['/api/admin/export/ledger']!.get!.parameters).toEqual([
      expect.objectContaining({ name: 'username', in: 'query', required: true }),
    ]);
    expect(document.paths['/api/admin/export/codes']!.get!.parameters).toEqual([]);
  });

  it('describes the upload and the CSV import with their bodies and envelope answers', () => {
    const upload = document.paths['/api/admin/upload']!.post!;
    expect(upload['x-access']).toBe('operator');
    expect(Object.keys(upload.requestBody.content)).toEqual(expect.arrayContaining(['image/png', 'image/jpeg', 'image/webp']));
    expect(upload.responses['200'].content['application/json'].schema.properties.data.properties).toEqual(
      expect.objectContaining({ url: expect.anything(), bytes: expect.anything(), type: expect.anything() }),
    );
    const csv = document.paths['/api/admin/trivia/import']!.post!;
    expect(csv['x-access']).toBe('operator');
    expect(Object.keys(csv.requestBody.content)).toContain('text/csv');
    expect(csv.responses['200'].content['application/json'].schema.properties.data.properties).toEqual(
      expect.objectContaining({ inserted: expect.anything(), rejected: expect.anything() }),
    );
  });

  it('bounds every id to its column and checks calendar days', () => {
    const countryFilter = document.paths['/api/admin/export/members']!.get!.parameters.find(
      (parameter: Json) => parameter.name === 'country',
    ).schema;
    expect(JSON.stringify(countryFilter)).toContain('2147483647');
  });
});
