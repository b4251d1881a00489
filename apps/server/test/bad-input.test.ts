import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginOk } from './auth-helpers.ts';
import { callAction, createTestApp, type TestApp } from './harness.ts';
import { createMember, enableTotpFor, ensureTestCountries } from './money-fixtures.ts';

/**
 * "Bad input of any kind gets a clear msg and a 4xx, never a 500, and never loses or creates money": every
 * operation of the API document (/api/openapi.json: the actions and the routes beside them), with every method it
 * accepts, as a visitor, an inactive member, an active member with money, support and an operator, gets
 *  1. payloads whose every field holds one hostile value (wrong types, sizes and shapes, NUL and broken characters,
 *     integers beyond PostgreSQL's `integer` and `bigint`, negative ids, days that do not exist, deep objects), and
 *  2. a plausible payload (built from the operation's schema) with one field at a time replaced by a hostile value,
 *     so the hostile value is not hidden behind another field's refusal.
 * None may answer 5xx; every answer is a well-formed envelope; text PostgreSQL cannot store is refused with a 400
 * naming the field; and the money members hold does not change. A new action or route inherits all of it.
 */

type Json = Record<string, unknown>;
type Role = 'visitor' | 'inactive' | 'active' | 'support' | 'operator';

const NUL_TEXT = 'a\u0000b';
const SURROGATE_TEXT = 'x\uD800y';
const deep = (levels: number): unknown => (levels === 0 ? 'bottom' : { a: deep(levels - 1) });

/** The classes of hostile values (decision 023). */
const HOSTILE: unknown[] = [
  NUL_TEXT,
  SURROGATE_TEXT,
  2_147_483_648,
  '2147483648',
  '9223372036854775808',
  1e20,
  -1,
  '-1',
  0,
  '9873-70-56',
  '2026-02-30',
  deep(40),
  'x'.repeat(5000),
  { nested: { deep: [1] } },
  [],
];

/** For the first role an operation admits, also the classic wrong types and sizes. */
const NASTY_VALUES: unknown[] = [...HOSTILE, null, true, Number.MAX_VALUE, '', '-0.001', '９９', "'; DROP TABLE members; --", {}];

/** Plausible values by field name; a username names nobody, amounts are zero, so a plausible call moves no money. */
const SAMPLES: Json = {
  username: 'nobody_fuzz',
  reusername: 'nobody_fuzz',
  password: 'wrong-pass-1',
  repassword: 'wrong-pass-1',
  curpassword: 'wrong-pass-1',
  newpassword: 'newpass-1',
  email: 'nobody_fuzz@example.com',
  phone: '+254700000001',
  amount: '0',
  spin_amount: '0',
  price: '1',
  rate: '1',
  reason: 'fuzzing reason',
  from: '2026-01-01',
  to: '2026-01-31',
  joined_from: '2026-01-01',
  joined_to: '2026-01-31',
  dates: ['2026-01-31'],
  country: '1',
  country_id: 1,
  id: '999999',
  ids: ['999999'],
  tid: '999999',
  vid: '999999',
  addId: '999999',
  token: 'x'.repeat(32),
  totp: '123456',
  ref_code: 'ABCDEFGHI',
  q: 'fuzz',
  msg: 'hello',
  link: 'https://example.com/x',
  image_url: 'https://example.com/a.png',
  url: 'https://example.com/v',
  code: 'ABCDEFGHIJ',
  client_seed: 'seed',
  key: 'banner_text',
};

interface Operation {
  path: string;
  /** The action's name; null for a route outside the action endpoint. */
  action: string | null;
  method: string;
  access: string;
  /** The payload's JSON schema (body or query parameters). */
  schema: Json;
  isBody: boolean;
  /** A route whose body is not JSON (the upload's image bytes, the import's CSV text). */
  isRawBody: boolean;
}

function sampleOf(name: string, schema: Json): unknown {
  if (name in SAMPLES) return SAMPLES[name];
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if ('default' in schema) return schema.default;
  if (Array.isArray(schema.anyOf)) return sampleOf(name, (schema.anyOf as Json[]).find((option) => option.type !== 'null') ?? {});
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'boolean':
      return false;
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 1;
    case 'array': {
      const count = Math.max(1, Number(schema.minItems ?? 1));
      return Array.from({ length: count }, () => sampleOf(name, (schema.items as Json) ?? {}));
    }
    case 'object':
      return Object.fromEntries(
        Object.entries((schema.properties as Record<string, Json>) ?? {}).map(([key, value]) => [key, sampleOf(key, value)]),
      );
    case 'string':
      return 'a'.repeat(Math.max(1, Number(schema.minLength ?? 1)));
    default:
      return '1';
  }
}

/** Actions that end the caller's session are exercised last so the other calls keep a valid token. */
const SESSION_ENDING = new Set(['logout', 'updatepassword', 'resetpassword']);

let t: TestApp;
const tokens: Record<Role, string | null> = { visitor: null, inactive: null, active: null, support: null, operator: null };
let operations: Operation[] = [];
/** An operator for the tests after the sweep (the sweep signs its callers out at the end). */
let operatorToken = '';

async function memberMoneyMinor(): Promise<bigint> {
  const rows = await t.sql<{ total: string }>(
    "SELECT COALESCE(SUM(balance_minor), 0)::text AS total FROM ledger_accounts WHERE kind = 'member'",
  );
  return BigInt(rows[0]!.total);
}

function readOperations(document: { paths: Record<string, Record<string, Json>> }): Operation[] {
  const found: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const isBody = method === 'post' || method === 'put';
      const body = (operation.requestBody as { content?: Record<string, { schema?: Json }> } | undefined)?.content?.[
        'application/json'
      ]?.schema;
      const query = ((operation.parameters as { name: string; in: string; schema: Json }[] | undefined) ?? []).filter(
        (parameter) => parameter.in === 'query',
      );
      const schema = body ?? {
        type: 'object',
        properties: Object.fromEntries(query.map((parameter) => [parameter.name, parameter.schema])),
      };
      const isRawBody = operation.requestBody !== undefined && body === undefined;
      found.push({
        path,
        action: (operation['x-action'] as string | undefined) ?? null,
        method: method.toUpperCase(),
        access: String(operation['x-access']),
        schema,
        isBody,
        isRawBody,
      });
    }
  }
  return found.sort((a, b) => Number(SESSION_ENDING.has(a.action ?? '')) - Number(SESSION_ENDING.has(b.action ?? '')));
}

beforeAll(async () => {
  t = await createTestApp({
    TUZO_DEMO_SEED: 'true',
    TUZO_ADMIN_USERNAME: 'fuzz_operator',
    TUZO_ADMIN_PASSWORD: 'fuzz-operator-1',
  });
  const c = await ensureTestCountries(t);
  tokens.inactive = await loginOk(t, 'demo_new', 'demo1234');
  tokens.active = await loginOk(t, 'demo_sponsor', 'demo1234');
  tokens.support = (await createMember(t, { countryId: c.kes, status: 'active', role: 'support' })).token;
  operatorToken = (await createMember(t, { countryId: c.kes, status: 'active', role: 'operator' })).token;
  tokens.operator = await loginOk(t, 'fuzz_operator', 'fuzz-operator-1');
  // Staff actions need two-factor sign-in on; turned on here so the fuzzing reaches their handlers.
  const [fuzzOperator] = await t.sql<{ id: string }>("SELECT id::text AS id FROM members WHERE username = 'fuzz_operator'");
  await enableTotpFor(t, BigInt(fuzzOperator!.id));
  // `freespin` takes no payload, so any call is a valid one that pays once per member: spend it before the fuzzing.
  for (const token of [tokens.active, tokens.support, tokens.operator]) await callAction(t.app, 'freespin', { token });
  operations = readOperations((await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json());
});
afterAll(async () => t.close());

interface Answer {
  httpStatus: number;
  body: Json;
}

/** Calls an operation: an action through `/api?action=NAME`, a route at its path; query values as text. */
async function call(operation: Operation, token: string | null, payload: unknown): Promise<Answer> {
  const query = new URLSearchParams(operation.action ? { action: operation.action } : {});
  if (!operation.isBody && payload && typeof payload === 'object') {
    for (const [key, value] of Object.entries(payload)) query.set(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  const response = await t.app.inject({
    method: operation.method as 'GET',
    url: `${operation.action ? '/api' : operation.path}?${query.toString()}`,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(operation.isBody ? { payload: JSON.stringify(payload) } : {}),
  });
  const isJson = String(response.headers['content-type'] ?? '').startsWith('application/json');
  return { httpStatus: response.statusCode, body: isJson ? (response.json() as Json) : { csv: response.body.slice(0, 80) } };
}

function expectEnvelope(answer: Answer, where: string): void {
  expect(answer.httpStatus, `${where}: ${String(answer.body.msg)}`).toBeLessThan(500);
  if (answer.httpStatus === 200 && 'csv' in answer.body) return; // an export's file
  expect(answer.body.status, where).toBe(answer.httpStatus);
  expect(answer.body.resultcode, where).toBe(answer.httpStatus < 300);
  expect(typeof answer.body.msg, where).toBe('string');
  expect((answer.body.msg as string).length, where).toBeGreaterThan(0);
  expect(Array.isArray(answer.body.info), where).toBe(true);
  expect(answer.body.code === null ? answer.httpStatus < 300 : typeof answer.body.code === 'string', where).toBe(true);
}

const isAccessRefusal = (answer: Answer) => answer.httpStatus === 401 || answer.httpStatus === 403;

/** Text PostgreSQL cannot store is refused with 400 VALIDATION_FAILED naming where it was, unless access came first. */
function expectTextRefused(answer: Answer, field: string | null, where: string): void {
  if (isAccessRefusal(answer)) return;
  expect(answer.body.code, `${where}: ${String(answer.body.msg)}`).toBe('VALIDATION_FAILED');
  expect(answer.body.msg, where).toMatch(/cannot be stored/);
  if (field !== null) expect(answer.body.msg, where).toContain(field);
}

/** A query string cannot carry half a surrogate pair (it arrives as U+FFFD); a JSON body can (`"\ud800"`). */
const isUnstorable = (value: unknown, operation: Operation) =>
  !operation.isRawBody && (value === NUL_TEXT || (value === SURROGATE_TEXT && operation.isBody));

describe('bad input never gives a 5xx and moves no money', () => {
  it('reads every operation of the API document, the routes beside the actions included', () => {
    expect(operations.length).toBeGreaterThan(100);
    expect(operations.filter((operation) => operation.action === null).map((operation) => operation.path)).toEqual(
      expect.arrayContaining(['/api/admin/export/members', '/api/admin/upload', '/api/admin/trivia/import']),
    );
    const fields = new Set(
      operations.flatMap((operation) => Object.keys((operation.schema.properties as Json | undefined) ?? {})),
    );
    expect([...fields]).toEqual(
      expect.arrayContaining([
        'username',
        'password',
        'amount',
        'acc',
        'phone',
        'reusername',
        'ref_code',
        'tid',
        'value',
        'country_id',
        'from',
      ]),
    );
  });

  it('every operation, every role, every class of hostile value', { timeout: 120_000 }, async () => {
    const roles = Object.entries(tokens) as [Role, string | null][];
    let plausibleReached = 0;
    for (const operation of operations) {
      const name = `${operation.method} ${operation.action ?? operation.path}`;
      const moneyBefore = await memberMoneyMinor();
      const fields = Object.entries((operation.schema.properties as Record<string, Json> | undefined) ?? {});
      let oneFieldDone = false;
      for (const [role, token] of roles) {
        // 1. Every field at once holds one hostile value (plus a few payloads of the wrong shape).
        const shapes: unknown[] = [{}, { unknown_field: 1 }, 'not an object', 42, null];
        const allFields = fields.length > 0 ? fields.map(([field]) => field) : ['unknown_field'];
        // A caller refused at the door is refused whatever the payload: a few hostile ones show it, the rest add nothing.
        const isRefused = isAccessRefusal(await call(operation, token, {}));
        const isFirstAdmitted = !isRefused && !oneFieldDone;
        const values = isRefused ? HOSTILE.slice(0, 3) : isFirstAdmitted ? NASTY_VALUES : HOSTILE;
        for (const payload of [
          ...(isFirstAdmitted ? shapes : []),
          ...values.map((value) => Object.fromEntries(allFields.map((field) => [field, value]))),
        ]) {
          const answer = await call(operation, token, payload);
          const where = `${name} as ${role} with ${JSON.stringify(payload).slice(0, 100)}`;
          expectEnvelope(answer, where);
          const first = payload && typeof payload === 'object' ? Object.values(payload)[0] : undefined;
          if (isUnstorable(first, operation)) expectTextRefused(answer, null, where);
        }
        // 2. A plausible payload with one hostile field.
        if (fields.length === 0) continue;
        const base = Object.fromEntries(fields.map(([field, schema]) => [field, sampleOf(field, schema)]));
        const plain = await call(operation, token, base);
        expectEnvelope(plain, `${name} as ${role} with a plausible payload`);
        if (isAccessRefusal(plain)) continue;
        if (plain.body.code !== 'VALIDATION_FAILED') plausibleReached += 1;
        // Validation does not depend on who calls: the one-field pass runs as the first role admitted.
        if (oneFieldDone) continue;
        oneFieldDone = true;
        for (const [field] of fields) {
          for (const value of HOSTILE) {
            const answer = await call(operation, token, { ...base, [field]: value });
            const where = `${name} as ${role} with ${field} = ${JSON.stringify(value).slice(0, 60)}`;
            expectEnvelope(answer, where);
            if (isUnstorable(value, operation)) expectTextRefused(answer, field, where);
          }
        }
      }
      expect(await memberMoneyMinor(), `${name} moved members' money`).toBe(moneyBefore);
    }
    // The plausible payloads pass validation often enough that the one-field pass reaches the handlers.
    console.info(`plausible payloads that passed validation: ${plausibleReached}`);
    expect(plausibleReached).toBeGreaterThan(100);
  });
});

describe('bad input outside the actions', () => {
  it('webhooks answer bad bodies without a 5xx', async () => {
    for (const url of [
      '/hooks/flutterwave',
      '/hooks/mpesa/wrong-secret/stk',
      '/hooks/mpesa/wrong-secret/c2b',
      '/hooks/sms/wrong-secret',
    ]) {
      for (const body of [
        '',
        '{',
        '[]',
        '{"data": null}',
        JSON.stringify({ Body: { stkCallback: null } }),
        JSON.stringify({ text: NUL_TEXT }),
        JSON.stringify(deep(40)),
      ]) {
        const response = await t.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json' },
          payload: body,
        });
        expect(response.statusCode, `${url} ${body}`).toBeLessThan(500);
      }
    }
  });

  it('webhooks, the uploads and the CSV import refuse text PostgreSQL cannot store, as the envelope', async () => {
    const sms = await t.app.inject({
      method: 'POST',
      url: '/hooks/sms',
      headers: { 'content-type': 'text/plain', 'x-forwarder-secret': 'wrong' },
      payload: `Confirmed ${NUL_TEXT}`,
    });
    expect(sms.json()).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      msg: 'The request body contains a NUL character (U+0000), which cannot be stored',
    });
    const csv = await t.app.inject({
      method: 'POST',
      url: '/api/admin/trivia/import',
      headers: { 'content-type': 'text/csv', authorization: `Bearer ${operatorToken}` },
      payload: `question,option_a,option_b,option_c,option_d,correct\nZqx${NUL_TEXT}?,1,2,3,4,A\n`,
    });
    expect(csv.json()).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(await t.sql("SELECT 1 FROM trivia_questions WHERE question LIKE 'Zqx%'")).toEqual([]);
    const exported = await t.app.inject({
      method: 'GET',
      url: `/api/admin/export/members?q=${encodeURIComponent(NUL_TEXT)}`,
      headers: { authorization: `Bearer ${operatorToken}` },
    });
    expect(exported.json()).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      msg: 'q contains a NUL character (U+0000), which cannot be stored',
    });
    const broken = await t.app.inject({
      method: 'GET',
      url: '/api/admin/export/members?q=%ED%A0%80',
      headers: { authorization: `Bearer ${operatorToken}` },
    });
    expect(broken.statusCode).toBeLessThan(500);
  });

  it('the exports refuse integers beyond their column and days that do not exist', async () => {
    for (const query of ['country=2147483648', 'country=-1', 'joined_from=9873-70-56', 'joined_to=2026-02-30']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/admin/export/members?${query}`,
        headers: { authorization: `Bearer ${operatorToken}` },
      });
      expect(response.json(), query).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    }
    const from = await t.app.inject({
      method: 'GET',
      url: '/api/admin/export/withdrawals?from=2026-13-01',
      headers: { authorization: `Bearer ${operatorToken}` },
    });
    expect(from.json()).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
  });

  it('a body over the limit is 413 as the envelope', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api?action=login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x'.repeat(70_000) }),
    });
    expect(response.json()).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE', resultcode: false });
  });

  it('every method an action does not take is 405 with Allow, PATCH and OPTIONS included', async () => {
    for (const method of ['PATCH', 'OPTIONS', 'DELETE', 'PUT', 'TRACE'] as const) {
      for (const url of ['/api?action=login', '/api/login']) {
        const response = await t.app.inject({ method, url });
        expect(response.statusCode, `${method} ${url}`).toBe(405);
        expect(response.headers.allow, `${method} ${url}`).toBe('POST');
        expect(response.json()).toMatchObject({ status: 405, code: 'METHOD_NOT_ALLOWED', resultcode: false });
      }
    }
  });
});

describe('requests refused before routing still get the envelope', () => {
  it('headers or a URL too large: 431; a broken request: 400; a mangled URL: 400; a long action name: 414', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const huge = await fetch(`${base}/api?action=login&q=${'x'.repeat(20_000)}`);
    expect(huge.status).toBe(431);
    expect(huge.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await huge.json()).toEqual({
      status: 431,
      resultcode: false,
      msg: 'The request URL or headers are too large',
      data: null,
      info: [],
      code: 'REQUEST_HEADERS_TOO_LARGE',
    });
    const bigHeader = await fetch(`${base}/api?action=login`, { headers: { 'x-filler': 'y'.repeat(20_000) } });
    expect(bigHeader.status).toBe(431);
    expect(await bigHeader.json()).toMatchObject({ code: 'REQUEST_HEADERS_TOO_LARGE' });
    const mangled = await fetch(`${base}/api/%E0%A4%A`);
    expect(mangled.status).toBe(400);
    expect(await mangled.json()).toMatchObject({ status: 400, resultcode: false, code: 'BAD_REQUEST' });
    const long = await fetch(`${base}/api/${'a'.repeat(200)}`);
    expect(long.status).toBe(414);
    expect(await long.json()).toMatchObject({ status: 414, code: 'URI_TOO_LONG' });
    const raw = await rawRequest(base, 'GET /api HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n');
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
      resultcode: false,
    });
  });
});

async function rawRequest(base: string, text: string): Promise<string> {
  const { connect } = await import('node:net');
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname, () => socket.write(text));
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('utf8')));
    socket.on('close', () => resolve(received));
    socket.on('error', reject);
  });
}
