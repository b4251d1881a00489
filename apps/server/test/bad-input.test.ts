import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allActions } from '../src/actions/index.ts';
import { loginOk } from './auth-helpers.ts';
import { callAction, createTestApp, type TestApp } from './harness.ts';

/**
 * "Bad input of any kind gets a clear msg and a 4xx, never a 500, and never loses or creates money": every
 * registered action, with every method it accepts, as a visitor, an inactive member, an active member with money
 * and an operator, gets payloads of wrong types, sizes and shapes. None may answer 5xx, every answer is a
 * well-formed envelope, and the money members hold does not change.
 */
const NASTY_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  12345,
  Number.MAX_VALUE,
  '',
  ' ',
  '0',
  '-0.001',
  '1e5',
  'NaN',
  '９９',
  'x'.repeat(5000),
  "'; DROP TABLE members; --",
  '<script>alert(1)</script>',
  [],
  ['a'],
  {},
  { nested: { deep: [1] } },
];

const FIELD_NAMES = [
  ...new Set(
    allActions.flatMap((action) => {
      const shape = (action.payload as any)?._zod?.def?.shape ?? (action.payload as any)?._zod?.def?.in?._zod?.def?.shape;
      return shape ? Object.keys(shape) : [];
    }),
  ),
];

/** Actions that end the caller's session are exercised last so the other calls keep a valid token. */
const SESSION_ENDING = new Set(['logout', 'updatepassword', 'resetpassword']);

let t: TestApp;
const tokens: Record<string, string | null> = { visitor: null };

async function memberMoneyMinor(): Promise<bigint> {
  const rows = await t.sql<{ total: string }>("SELECT COALESCE(SUM(balance_minor), 0)::text AS total FROM ledger_accounts WHERE kind = 'member'");
  return BigInt(rows[0]!.total);
}

beforeAll(async () => {
  t = await createTestApp({ TUZO_DEMO_SEED: 'true', TUZO_ADMIN_USERNAME: 'fuzz_operator', TUZO_ADMIN_PASSWORD: 'fuzz-operator-1' });
  tokens.inactive = await loginOk(t, 'demo_new', 'demo1234');
  tokens.active = await loginOk(t, 'demo_sponsor', 'demo1234');
  tokens.operator = await loginOk(t, 'fuzz_operator', 'fuzz-operator-1');
  // Staff actions need two-factor sign-in on; turned on here so the fuzzing reaches their handlers.
  await t.sql("UPDATE members SET totp_secret = 'JBSWY3DPEHPK3PXP', totp_enabled_at = now() WHERE username = 'fuzz_operator'");
  // `freespin` takes no payload, so any call is a valid one that pays once per member: spend it before the fuzzing.
  for (const token of [tokens.active, tokens.operator]) await callAction(t.app, 'freespin', { token });
});
afterAll(async () => t.close());

function payloadsFor(): unknown[] {
  const payloads: unknown[] = [{}, { unknown_field: 1 }, 'not an object', 42, null];
  for (const value of NASTY_VALUES) payloads.push(Object.fromEntries(FIELD_NAMES.map((field) => [field, value])));
  return payloads;
}

describe('bad input never gives a 5xx and moves no money', () => {
  it('knows the fields of the contracts it attacks', () => {
    expect(FIELD_NAMES).toEqual(expect.arrayContaining(['username', 'password', 'amount', 'acc', 'phone', 'reusername', 'ref_code', 'tid', 'value']));
  });

  const ordered = [...allActions].sort((a, b) => Number(SESSION_ENDING.has(a.name)) - Number(SESSION_ENDING.has(b.name)));
  for (const action of ordered) {
    it(`${action.name}`, async () => {
      const moneyBefore = await memberMoneyMinor();
      for (const [role, token] of Object.entries(tokens)) {
        for (const method of action.methods) {
          for (const payload of payloadsFor()) {
            const isBody = method === 'POST' || method === 'PUT';
            const query =
              !isBody && payload && typeof payload === 'object'
                ? Object.fromEntries(Object.entries(payload).map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)]))
                : undefined;
            const res = await callAction(t.app, action.name, {
              method,
              token,
              ...(isBody ? { payload: JSON.stringify(payload) } : {}),
              ...(query ? { query } : {}),
            });
            const where = `${action.name} ${method} as ${role} with ${JSON.stringify(payload).slice(0, 120)}`;
            expect(res.httpStatus, `${where}: ${res.msg}`).toBeLessThan(500);
            expect(res.status, where).toBe(res.httpStatus);
            expect(typeof res.msg, where).toBe('string');
            expect(res.msg.length, where).toBeGreaterThan(0);
          }
        }
      }
      expect(await memberMoneyMinor()).toBe(moneyBefore);
    });
  }

  it('webhooks answer bad bodies without a 5xx', async () => {
    for (const url of ['/hooks/flutterwave', '/hooks/mpesa/wrong-secret/stk', '/hooks/mpesa/wrong-secret/c2b', '/hooks/sms/wrong-secret']) {
      for (const body of ['', '{', '[]', '{"data": null}', JSON.stringify({ Body: { stkCallback: null } })]) {
        const response = await t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: body });
        expect(response.statusCode, `${url} ${body}`).toBeLessThan(500);
      }
    }
  });
});
