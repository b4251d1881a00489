import { ERROR_CODES, NoPayloadSchema } from '@tuzo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allActions } from '../src/actions/index.ts';
import { defineAction } from '../src/http/action.ts';
import { parseJsonBody } from '../src/lib/json-body.ts';
import { callAction, createTestApp, type TestApp } from './harness.ts';
import { createMember, ensureTestCountries } from './money-fixtures.ts';

/** An action whose handler answers a key its data contract does not declare (a row leaking a column). */
const leaky = defineAction({
  name: 'testleaky',
  summary: 'Test only: answers an undeclared key.',
  methods: ['GET'],
  access: 'public',
  payload: NoPayloadSchema,
  data: z.object({ username: z.string() }),
  handler: async () => ({ data: { username: 'amina', password_hash: 'secret' } as { username: string } }),
});
/** An action whose handler answers data of the wrong shape. */
const broken = defineAction({
  name: 'testbroken',
  summary: 'Test only: answers the wrong type.',
  methods: ['GET'],
  access: 'public',
  payload: NoPayloadSchema,
  data: z.object({ total: z.number() }),
  handler: async () => ({ data: { total: '12' } as unknown as { total: number } }),
});

// Handlers of member actions receive a non-null member by type; public ones may have none.
defineAction({
  name: 'typecheckonly',
  summary: 'Never registered.',
  methods: ['GET'],
  access: 'member',
  payload: NoPayloadSchema,
  data: z.string(),
  handler: async (ctx) => ({ data: ctx.member.username }),
});
defineAction({
  name: 'typecheckonlypublic',
  summary: 'Never registered.',
  methods: ['GET'],
  access: 'public',
  payload: NoPayloadSchema,
  data: z.string(),
  // @ts-expect-error a public action's member may be null
  handler: async (ctx) => ({ data: ctx.member.username }),
});

let t: TestApp;
let prod: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { extraActions: [leaky, broken] });
  prod = await createTestApp({ NODE_ENV: 'production' }, { extraActions: [leaky, broken] });
});
afterAll(async () => {
  await t.close();
  await prod.close();
});

describe('the envelope carries the error code', () => {
  it('is null on success', async () => {
    const res = await callAction(t.app, 'ping');
    expect(res).toMatchObject({ status: 200, resultcode: true, code: null });
  });

  it('names each failure', async () => {
    expect((await callAction(t.app, 'nosuchaction')).code).toBe('UNKNOWN_ACTION');
    expect((await callAction(t.app, 'userdata')).code).toBe('UNAUTHORIZED');
    expect((await callAction(t.app, 'login', { payload: { username: '', password: '' } })).code).toBe('VALIDATION_FAILED');
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/api?action=login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toMatchObject({ status: 400, code: 'INVALID_JSON' });
    const wrongMethod = await t.app.inject({ method: 'DELETE', url: '/api?action=ping' });
    expect(wrongMethod.json()).toMatchObject({ status: 405, code: 'METHOD_NOT_ALLOWED' });
  });

  it('uses only codes of the shared list', async () => {
    const res = await callAction(t.app, 'login', { payload: { username: 'nobody_here', password: 'wrongpassword' } });
    expect(res.httpStatus).toBe(400);
    expect(ERROR_CODES).toContain(res.code);
  });
});

describe('/api/NAME is the same action as /api?action=NAME', () => {
  it('answers the same envelope, same rules', async () => {
    const byPath = await t.app.inject({ method: 'GET', url: '/api/ping' });
    expect(byPath.statusCode).toBe(200);
    expect(byPath.json()).toMatchObject({ status: 200, resultcode: true, msg: 'pong', code: null });
    const notAllowed = await t.app.inject({ method: 'PUT', url: '/api/ping' });
    expect(notAllowed.json()).toMatchObject({ status: 405, code: 'METHOD_NOT_ALLOWED' });
    const unknown = await t.app.inject({ method: 'GET', url: '/api/nosuchaction' });
    expect(unknown.json()).toMatchObject({ status: 404, code: 'UNKNOWN_ACTION' });
  });

  it('reads userdata through the path form with a bearer token', async () => {
    const { kes } = await ensureTestCountries(t);
    const member = await createMember(t, { countryId: kes, prefix: 'pathform' });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/userdata',
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.userdetails.uname).toBe(member.username);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/userdata' });
    expect(anonymous.json()).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
  });
});

describe('response data contracts', () => {
  it('fail loudly outside production when a handler sends an undeclared key', async () => {
    const res = await callAction(t.app, 'testleaky');
    expect(res).toMatchObject({ httpStatus: 500, code: 'INTERNAL', data: null });
    expect(JSON.stringify(res)).not.toContain('secret');
  });

  it('drop unknown keys in production', async () => {
    const res = await callAction(prod.app, 'testleaky');
    expect(res).toMatchObject({ httpStatus: 200, data: { username: 'amina' } });
    expect(res.data).not.toHaveProperty('password_hash');
  });

  it('refuse data of the wrong shape in every mode', async () => {
    expect((await callAction(t.app, 'testbroken')).httpStatus).toBe(500);
    expect((await callAction(prod.app, 'testbroken')).httpStatus).toBe(500);
  });
});

describe('the OpenAPI document and the API page', () => {
  it('lists every action with its methods, access, payload and data', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    for (const action of allActions) {
      const path = document.paths[`/api/${action.name}`];
      expect(path, action.name).toBeDefined();
      for (const method of action.methods) {
        const operation = path[method.toLowerCase()];
        expect(operation['x-access'], action.name).toBe(action.access);
        expect(operation.responses['200'].content['application/json'].schema.properties.data, action.name).toBeDefined();
      }
    }
    expect(document.paths['/api/systemwithdrawal'].post['x-access']).toBe('active');
    expect(document.paths['/api/updatetrans'].post['x-access']).toBe('operator');
    expect(document.paths['/api/login'].post.requestBody.content['application/json'].schema.required).toEqual([
      'username',
      'password',
    ]);
  });

  it('renders a readable page naming every action', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    for (const action of allActions) expect(response.body).toContain(`id="${action.name}"`);
  });
});

describe('amounts travel as decimal strings', () => {
  it('reads the JSON number of stkpush and requestpayment from its decimal text, never through a float', () => {
    expect(parseJsonBody('{"phone":"0712345678","amount":150.10}', '/api?action=stkpush')).toEqual({
      phone: '0712345678',
      amount: '150.10',
    });
    expect(parseJsonBody('{"amount": 0.30 }', '/api/requestpayment')).toEqual({ amount: '0.30' });
    expect(parseJsonBody('{"amount":1e2}', '/api?action=stkpush')).toEqual({ amount: '1e2' });
    expect(parseJsonBody('{"note":"\\"amount\\": 5","amount":"5"}', '/api?action=stkpush')).toEqual({
      note: '"amount": 5',
      amount: '5',
    });
    // Other actions keep the JSON number, which their string-only schemas refuse.
    expect(parseJsonBody('{"amount":150.1}', '/api?action=systemwithdrawal')).toEqual({ amount: 150.1 });
  });

  it('refuses a JSON number where the spec client sends a string', async () => {
    const { kes } = await ensureTestCountries(t);
    const member = await createMember(t, { countryId: kes, status: 'active' });
    const res = await callAction(t.app, 'systemwithdrawal', { token: member.token, payload: { acc: '1', amount: 150 } });
    expect(res).toMatchObject({ httpStatus: 400, code: 'VALIDATION_FAILED', msg: 'Please enter a valid amount' });
  });
});
