import type { HttpMethod } from '@tuzo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAction, createTestApp, openTestSession, type TestApp } from './harness.ts';
import { createMember, ensureTestCountries } from './money-fixtures.ts';

/**
 * Every action of the API document (/api/openapi.json), every method, called with an empty payload as a visitor, an
 * inactive member, an active member, support, operator, and an operator who has not turned on two-factor sign-in.
 * The access rule (`x-access`) decides the answer: refused callers get exactly the refusal of their level; admitted
 * callers never get an access refusal; nobody ever gets a 5xx. Staff are not members: every `member` and `active`
 * action refuses the three staff callers (decision 019); `account` admits every signed-in caller.
 */
type Caller = 'visitor' | 'inactive' | 'active' | 'support' | 'operator' | 'unenrolled';
type Access = 'public' | 'account' | 'member' | 'active' | 'support' | 'operator';
const STAFF: ReadonlySet<Caller> = new Set<Caller>(['support', 'operator', 'unenrolled']);
interface Operation {
  /** The action's name, or the path of a route beside the actions (`/api/admin/export/members`). */
  action: string;
  /** A route outside the action endpoint: called at its path, not as `/api?action=`. */
  isRoute: boolean;
  method: HttpMethod;
  access: Access;
  isTotpEnrolment: boolean;
}

const ACCESS_REFUSALS = new Set(['UNAUTHORIZED', 'FORBIDDEN', 'ACCOUNT_INACTIVE', 'TOTP_ENROLMENT_REQUIRED']);
/** Actions that end the caller's session get a fresh session of the same member for each call. */
const SESSION_ENDING = new Set(['logout']);

let t: TestApp;
const tokens: Record<Caller, string | null> = {
  visitor: null,
  inactive: null,
  active: null,
  support: null,
  operator: null,
  unenrolled: null,
};
const memberIds: Partial<Record<Caller, bigint>> = {};
const operations: Operation[] = [];

async function freshToken(caller: Caller): Promise<string | null> {
  const memberId = memberIds[caller];
  return memberId === undefined ? null : openTestSession(t, memberId);
}

beforeAll(async () => {
  t = await createTestApp();
  const c = await ensureTestCountries(t);
  const created = {
    inactive: await createMember(t, { countryId: c.kes }),
    active: await createMember(t, { countryId: c.kes, status: 'active' }),
    support: await createMember(t, { countryId: c.kes, status: 'active', role: 'support' }),
    operator: await createMember(t, { countryId: c.kes, status: 'active', role: 'operator' }),
    unenrolled: await createMember(t, { countryId: c.kes, status: 'active', role: 'operator' }),
  };
  await t.sql('UPDATE members SET totp_secret = NULL, totp_enabled_at = NULL WHERE id = $1', [created.unenrolled.id.toString()]);
  for (const [caller, member] of Object.entries(created) as [Caller, { id: bigint; token: string }][]) {
    tokens[caller] = member.token;
    memberIds[caller] = member.id;
  }
  const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, Record<string, unknown>>>;
  };
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const actionName = operation['x-action'];
      operations.push({
        action: typeof actionName === 'string' ? actionName : path,
        isRoute: typeof actionName !== 'string',
        method: method.toUpperCase() as HttpMethod,
        access: operation['x-access'] as Access,
        isTotpEnrolment: operation['x-totp-enrolment'] === true,
      });
    }
  }
});
afterAll(async () => t.close());

/** A route beside the actions, called at its path with an empty body; an export's CSV answer has no code. */
async function callRoute(
  operation: Operation,
  token: string | null,
): Promise<{ httpStatus: number; code: string | null; msg: string }> {
  const response = await t.app.inject({
    method: operation.method,
    url: operation.action,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(operation.method === 'POST' ? { 'content-type': 'text/csv' } : {}),
    },
    ...(operation.method === 'POST' ? { payload: '' } : {}),
  });
  if (!String(response.headers['content-type'] ?? '').startsWith('application/json'))
    return { httpStatus: response.statusCode, code: null, msg: 'a file' };
  const body = response.json() as { code: string | null; msg: string };
  return { httpStatus: response.statusCode, code: body.code, msg: body.msg };
}

/** The refusal code a caller must get for an access level, or null when the caller is admitted. */
function expectedRefusal(caller: Caller, operation: Operation): string | null {
  const { access } = operation;
  if (access === 'public') return null;
  if (caller === 'visitor') return 'UNAUTHORIZED';
  if (access === 'account') return null;
  if (access === 'member' || access === 'active') {
    if (STAFF.has(caller)) return 'FORBIDDEN';
    return access === 'active' && caller === 'inactive' ? 'ACCOUNT_INACTIVE' : null;
  }
  if (caller === 'inactive' || caller === 'active') return 'FORBIDDEN';
  if (access === 'operator' && caller === 'support') return 'FORBIDDEN';
  if (caller === 'unenrolled' && !operation.isTotpEnrolment) return 'TOTP_ENROLMENT_REQUIRED';
  return null;
}

describe('authorization matrix', () => {
  it('reads every action from the API document, with the six access levels', () => {
    expect(operations.length).toBeGreaterThan(40);
    expect(new Set(operations.map((operation) => operation.access))).toEqual(
      new Set(['public', 'account', 'member', 'active', 'support', 'operator']),
    );
    const accessOf = (action: string) => operations.find((operation) => operation.action === action)?.access;
    expect([
      accessOf('adminreviewcodes'),
      accessOf('adminresolvecode'),
      accessOf('adminwithdrawals'),
      accessOf('adminnotify'),
    ]).toEqual(['support', 'support', 'support', 'support']);
    expect([accessOf('userdata'), accessOf('auth'), accessOf('logout'), accessOf('updatepassword')]).toEqual([
      'account',
      'account',
      'account',
      'account',
    ]);
    expect([accessOf('requestSpin'), accessOf('systemwithdrawal'), accessOf('grabpayment'), accessOf('payforclient')]).toEqual([
      'active',
      'active',
      'member',
      'active',
    ]);
    expect([accessOf('adminadjust'), accessOf('updatetrans'), accessOf('adminstaffcreate'), accessOf('adminaudit')]).toEqual([
      'operator',
      'operator',
      'operator',
      'operator',
    ]);
    // Four-eyes requests are decided by operators only (docs/decisions/018-four-eyes.md).
    expect([accessOf('adminapprovals'), accessOf('adminapproverequest'), accessOf('adminrejectrequest')]).toEqual([
      'operator',
      'operator',
      'operator',
    ]);
    // The routes beside the action endpoint are in the document too, with their access level.
    const routes = operations
      .filter((operation) => operation.isRoute)
      .map((operation) => `${operation.method} ${operation.action} ${operation.access}`);
    expect(routes).toEqual(
      expect.arrayContaining([
        'GET /api/admin/export/members operator',
        'GET /api/admin/export/withdrawals operator',
        'GET /api/admin/export/deposits operator',
        'GET /api/admin/export/codes operator',
        'GET /api/admin/export/ledger operator',
        'POST /api/admin/upload operator',
        'POST /api/admin/trivia/import operator',
      ]),
    );
  });

  it('answers every caller by the access rule, and never with a 5xx', async () => {
    const failures: string[] = [];
    const table: Record<string, Record<Caller, number>> = {};
    for (const operation of operations) {
      const row = (table[`${operation.action} ${operation.method} (${operation.access})`] = {} as Record<Caller, number>);
      for (const caller of Object.keys(tokens) as Caller[]) {
        const isBody = operation.method === 'POST' || operation.method === 'PUT';
        const token = SESSION_ENDING.has(operation.action) ? await freshToken(caller) : tokens[caller];
        const res = operation.isRoute
          ? await callRoute(operation, token)
          : await callAction(t.app, operation.action, {
              method: operation.method,
              token: token ?? undefined,
              ...(isBody ? { payload: {} } : {}),
            });
        row[caller] = res.httpStatus;
        const where = `${operation.action} ${operation.method} as ${caller}: ${res.httpStatus} ${String(res.code)} ${res.msg}`;
        if (res.httpStatus >= 500) failures.push(`5xx ${where}`);
        const refusal = expectedRefusal(caller, operation);
        if (refusal !== null && res.code !== refusal) failures.push(`expected ${refusal}: ${where}`);
        if (refusal === null && ACCESS_REFUSALS.has(String(res.code))) failures.push(`expected admission: ${where}`);
      }
    }
    expect(failures).toEqual([]);
    // The matrix is part of the test's output, for the record.
    console.info(
      Object.entries(table)
        .map(
          ([name, row]) =>
            `${name.padEnd(48)} ${Object.entries(row)
              .map(([caller, status]) => `${caller}=${status}`)
              .join(' ')}`,
        )
        .join('\n'),
    );
  });
});
