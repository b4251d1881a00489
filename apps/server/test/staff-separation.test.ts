import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { allActions } from '../src/actions/index.ts';
import { MEMBER_ONLY_ACCESS } from '../src/http/action.ts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { StartupRefusal } from '../src/lib/errors.ts';
import { explain } from '../src/server.ts';
import { loginOk, registerOk } from './auth-helpers.ts';
import { callAction, testEnv, type TestApp } from './harness.ts';
import { createMember, fund, type TestCountries, type TestMember } from './money-fixtures.ts';
import { useCountriesApp } from './countries-app.ts';

/**
 * Staff are not members (docs/decisions/019-staff-are-not-members.md): support and operator accounts are refused
 * every member action, every member-management action refuses a staff target, support never sees staff in the
 * member search, and the bootstrap operator never takes over an account that registered its name first.
 */
let t: TestApp;
let c: TestCountries;
let support: TestMember;
let operator: TestMember;
let otherOperator: TestMember;
let member: TestMember;

const STAFF_REFUSAL = {
  httpStatus: 403,
  status: 403,
  resultcode: false,
  code: 'FORBIDDEN',
  msg: 'Members only: staff accounts cannot use member actions',
};

useCountriesApp(async (app) => {
  ({ t, c } = app);
  support = await createMember(t, { countryId: c.kes, status: 'active', role: 'support', prefix: 'sup' });
  operator = await createMember(t, { countryId: c.kes, status: 'active', role: 'operator', prefix: 'op' });
  otherOperator = await createMember(t, { countryId: c.kes, status: 'active', role: 'operator', prefix: 'op2' });
  member = await createMember(t, { countryId: c.kes, status: 'active', prefix: 'mem' });
});

/** What a staff account is made of; none of it may change through a member action or a member-management action. */
async function staffState(who: TestMember) {
  const [row] = await t.sql(
    'SELECT username, email, phone, role, status, country_id, l1_id, disabled_at, password_hash FROM members WHERE id = $1',
    [who.id.toString()],
  );
  const [counts] = await t.sql<{ sessions: number; accounts: number; notifications: number; audits: number }>(
    `SELECT (SELECT count(*)::int FROM sessions WHERE member_id = $1 AND revoked_at IS NULL) AS sessions,
            (SELECT count(*)::int FROM ledger_accounts WHERE member_id = $1) AS accounts,
            (SELECT count(*)::int FROM member_notifications WHERE member_id = $1) AS notifications,
            (SELECT count(*)::int FROM audit_log WHERE target_type = 'member' AND target_id = $1::text) AS audits`,
    [who.id.toString()],
  );
  return { ...row, ...counts };
}

describe('member actions refuse staff', () => {
  const memberOnly = allActions.filter((action) => MEMBER_ONLY_ACCESS.has(action.access));

  it('covers every member and active action of the registry (spin, bonuses, tasks, pay for client, deposit, activate, withdraw)', () => {
    const names = memberOnly.map((action) => action.name);
    expect(names.length).toBeGreaterThanOrEqual(35);
    for (const name of [
      'requestSpin',
      'freespin',
      'dailybonus',
      'welcomebonus',
      'payyoutube',
      'payAds',
      'answerdquiz',
      'payforclient',
      'stkpush',
      'requestpayment',
      'activateaccount',
      'systemwithdrawal',
    ]) {
      expect(names, name).toContain(name);
    }
    // What every signed-in account needs stays open to staff: their own data, sign-out, password, the console's start-up check.
    const accountLevel = allActions.filter((action) => action.access === 'account').map((action) => action.name);
    expect(accountLevel.sort()).toEqual(['auth', 'logout', 'updatepassword', 'userdata']);
  });

  it('answers support and operator 403 on every method of every member action, and nothing of theirs changes', async () => {
    const before = [await staffState(support), await staffState(operator)];
    const failures: string[] = [];
    for (const action of memberOnly) {
      for (const method of action.methods) {
        for (const [who, caller] of [
          ['support', support],
          ['operator', operator],
        ] as const) {
          const isBody = method === 'POST' || method === 'PUT';
          const res = await callAction(t.app, action.name, { method, token: caller.token, ...(isBody ? { payload: {} } : {}) });
          const got = {
            httpStatus: res.httpStatus,
            status: res.status,
            resultcode: res.resultcode,
            code: res.code,
            msg: res.msg,
          };
          if (JSON.stringify(got) !== JSON.stringify(STAFF_REFUSAL))
            failures.push(`${action.name} ${method} as ${who}: ${JSON.stringify(got)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect([await staffState(support), await staffState(operator)]).toEqual(before);
  });

  it('refuses a staff spin with a valid stake even when the staff account holds money', async () => {
    // Money a staff account may hold from before this rule (an old adjustment): still no spin, no win.
    await fund(t, support.id, 100_00n, 'balance');
    const spin = await callAction(t.app, 'requestSpin', {
      method: 'POST',
      token: support.token,
      payload: { amount: '10', wallet: 'balance' },
    });
    expect(spin).toMatchObject(STAFF_REFUSAL);
    const [ledger] = await t.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id WHERE a.member_id = $1`,
      [support.id.toString()],
    );
    expect(ledger?.n).toBe(1);
  });

  it('admits staff to the account actions: user data, the start-up check and sign-out', async () => {
    for (const caller of [support, operator]) {
      const userdata = await callAction(t.app, 'userdata', { token: caller.token });
      expect(userdata.status).toBe(200);
      expect(userdata.data.userdetails.role).not.toBe('member');
      expect((await callAction(t.app, 'auth', { token: caller.token })).status).toBe(200);
    }
  });
});

/**
 * Every staff action that names a member by `username` (read from the registry's payload contracts), with a payload
 * that is valid but for the target. A new member-management action fails the coverage check until it is listed.
 */
const STAFF_PAGES = new Set([
  'adminstaffcreate',
  'adminstaffdisable',
  'adminstafftotpreset',
  'adminstaffrole',
  'adminstaffenrolment',
]);
/** Money queues whose `username` only filters the list (staff have no deposits, withdrawals or payouts to list). */
const LIST_FILTERS = new Set(['admindeposits', 'adminwithdrawalqueue', 'adminpayouts']);
const REASON = 'Checking that staff are never a member target';
const VALID_EXTRAS: Record<string, Record<string, unknown>> = {
  adminmember: {},
  adminmemberhistory: { list: 'ledger' },
  adminupdatemember: { email: 'someone.new@example.com', reason: REASON },
  adminsuspend: { reason: REASON },
  adminunsuspend: { reason: REASON },
  adminsignout: { reason: REASON },
  adminresetlink: { reason: REASON },
  admindeposit: { amount: '10', reference: 'STAFF-TARGET-1', reason: REASON },
  adminchangeupline: { upline: 'placeholder', reason: REASON },
  adminadjust: { wallet: 'balance', amount: '10', reason: REASON },
  adminactivate: { reason: REASON },
  admindeactivate: { reason: REASON },
  adminnotify: { msg: 'Hello staff' },
  adminbroadcast: { target: 'member', msg: 'Hello staff' },
};

function namesAMember(payload: unknown): boolean {
  const shape = (payload as { shape?: Record<string, unknown>; def?: { in?: { shape?: Record<string, unknown> } } }) ?? {};
  const keys = Object.keys(shape.shape ?? shape.def?.in?.shape ?? {});
  return keys.includes('username');
}

describe('member-management actions refuse staff targets', () => {
  const targeted = allActions.filter(
    (action) =>
      (action.access === 'support' || action.access === 'operator') &&
      !STAFF_PAGES.has(action.name) &&
      !LIST_FILTERS.has(action.name) &&
      namesAMember(action.payload),
  );

  it('lists every staff action that names a member, and nothing else', () => {
    expect(targeted.map((action) => action.name).sort()).toEqual(Object.keys(VALID_EXTRAS).sort());
  });

  it('answers 404 "Member not found" for a support or operator target (the caller included) and changes nothing', async () => {
    const targets = [support, otherOperator, operator];
    const before = await Promise.all(targets.map(staffState));
    const failures: string[] = [];
    for (const action of targeted) {
      const caller = action.access === 'support' ? support : operator;
      const method = action.methods[0]!;
      for (const target of targets) {
        const payload = {
          ...VALID_EXTRAS[action.name],
          username: target.username,
          ...(action.name === 'adminchangeupline' ? { upline: member.username } : {}),
        };
        const isBody = method === 'POST' || method === 'PUT';
        const res = await callAction(t.app, action.name, {
          method,
          token: caller.token,
          ...(isBody
            ? { payload }
            : { query: Object.fromEntries(Object.entries(payload).map(([key, value]) => [key, String(value)])) }),
        });
        if (res.httpStatus !== 404 || res.code !== 'NOT_FOUND' || res.msg !== 'Member not found') {
          failures.push(`${action.name} on ${target.username}: ${res.httpStatus} ${String(res.code)} ${res.msg}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await Promise.all(targets.map(staffState))).toEqual(before);
  });

  it('the same payloads reach a member (so the 404 above is the staff refusal, not a bad payload)', async () => {
    for (const name of ['adminmember', 'adminmemberhistory', 'adminnotify', 'adminsignout']) {
      const action = allActions.find((candidate) => candidate.name === name)!;
      const caller = action.access === 'support' ? support : operator;
      const payload = { ...VALID_EXTRAS[name], username: member.username };
      const res =
        action.methods[0] === 'GET'
          ? await callAction(t.app, name, {
              method: 'GET',
              token: caller.token,
              query: Object.fromEntries(Object.entries(payload).map(([key, value]) => [key, String(value)])),
            })
          : await callAction(t.app, name, { method: 'POST', token: caller.token, payload });
      expect(res.status, `${name}: ${res.msg}`).toBe(200);
    }
    member = await createMember(t, { countryId: c.kes, status: 'active', prefix: 'mem' });
  });

  it('refuses a staff account as the new upline', async () => {
    const res = await callAction(t.app, 'adminchangeupline', {
      method: 'POST',
      token: operator.token,
      payload: { username: member.username, upline: support.username, reason: REASON },
    });
    expect(res).toMatchObject({ httpStatus: 404, code: 'NOT_FOUND', msg: 'The new upline was not found' });
  });

  it("refuses a staff account's ledger export", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/export/ledger?username=${operator.username}`,
      headers: { authorization: `Bearer ${operator.token}` },
    });
    expect(res.json()).toMatchObject({ status: 404, code: 'NOT_FOUND', msg: 'Member not found' });
  });
});

describe('support does not see staff', () => {
  it('the member search lists members only', async () => {
    for (const staff of [support, operator, otherOperator]) {
      const res = await callAction(t.app, 'adminmembers', { method: 'GET', token: support.token, query: { q: staff.username } });
      expect(res.status).toBe(200);
      expect(res.data).toMatchObject({ rows: [], total: 0 });
    }
    const all = await callAction(t.app, 'adminmembers', { method: 'GET', token: support.token, query: { limit: '100' } });
    const listed = all.data.rows.map((row: { username: string }) => row.username);
    expect(listed).toContain(member.username);
    for (const staff of [support, operator, otherOperator]) expect(listed).not.toContain(staff.username);
  });

  it('the members export and the overview count members only', async () => {
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/admin/export/members',
      headers: { authorization: `Bearer ${operator.token}` },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(member.username);
    for (const staff of [support, operator, otherOperator]) expect(csv.body).not.toContain(staff.username);
    const overview = await callAction(t.app, 'adminoverview', { method: 'GET', token: support.token });
    const [members] = await t.sql<{ n: number }>("SELECT count(*)::int AS n FROM members WHERE NOT is_house AND role = 'member'");
    expect(overview.data.members.total).toBe(members?.n);
  });

  it('the staff list, its sessions and the audit log (with its IPs) are for operators only', async () => {
    for (const action of ['adminstaff', 'adminaudit']) {
      expect(await callAction(t.app, action, { method: 'GET', token: support.token })).toMatchObject({
        httpStatus: 403,
        code: 'FORBIDDEN',
        msg: 'Operators only',
      });
    }
    const staffPage = await callAction(t.app, 'adminstaff', { method: 'GET', token: operator.token });
    expect(staffPage.status, staffPage.msg).toBe(200);
    expect(staffPage.data.rows.map((row: { username: string }) => row.username)).toEqual(
      expect.arrayContaining([support.username, operator.username]),
    );
    const page = await callAction(t.app, 'adminmember', {
      method: 'GET',
      token: support.token,
      query: { username: operator.username },
    });
    expect(page).toMatchObject({ httpStatus: 404, msg: 'Member not found', data: null });
  });
});

describe("staff are nobody's upline", () => {
  it('a sign-up link naming a staff account puts the new member under the house, and staff earn no commission', async () => {
    const joined = await registerOk(t, { upline: support.username });
    const [row] = await t.sql<{ l1: string | null }>(
      'SELECT (SELECT username FROM members s WHERE s.id = m.l1_id) AS l1 FROM members m WHERE m.username = $1',
      [joined.username],
    );
    expect(row?.l1).toBe('tuzo_house');

    // An account placed under a staff account before this rule: its activation pays the staff account nothing.
    const below = await createMember(t, { countryId: c.kes, sponsor: operator, prefix: 'low' });
    await fund(t, below.id, 1_000_00n, 'deposit');
    const activated = await callAction(t.app, 'activateaccount', { method: 'POST', token: below.token, payload: {} });
    expect(activated.status, activated.msg).toBe(200);
    const [accounts] = await t.sql<{ n: number }>('SELECT count(*)::int AS n FROM ledger_accounts WHERE member_id = $1', [
      operator.id.toString(),
    ]);
    expect(accounts?.n).toBe(0);
  });
});

describe('bootstrap operator', () => {
  const restart = (env: Record<string, string>) =>
    buildApp({
      config: loadConfig(testEnv(env)),
      databaseUrl: t.databaseUrl,
    });
  const accountOf = async (username: string) =>
    (
      await t.sql(
        'SELECT username, email, role, status, password_hash, totp_enabled_at, disabled_at FROM members WHERE lower(username) = lower($1)',
        [username],
      )
    )[0];

  it('refuses to start when TUZO_ADMIN_USERNAME names a member, and leaves the member as they were', async () => {
    const squatter = await registerOk(t, { username: 'boss_first' });
    const before = await accountOf(squatter.username);
    const started = restart({ TUZO_ADMIN_USERNAME: 'Boss_First', TUZO_ADMIN_PASSWORD: 'operator-pass-1' });
    await expect(started).rejects.toThrow(StartupRefusal);
    await expect(started).rejects.toThrow(
      'TUZO_ADMIN_USERNAME is "Boss_First", but that name already belongs to a member account, not an operator; set TUZO_ADMIN_USERNAME to a name nobody holds and start again (the account was left unchanged).',
    );
    expect(await accountOf(squatter.username)).toEqual(before);
    expect(before).toMatchObject({ role: 'member', email: squatter.email });
    // The member still signs in with their own password; the configured one opens nothing.
    await loginOk(t, squatter.username, squatter.password);
    expect(
      (await callAction(t.app, 'login', { payload: { username: squatter.username, password: 'operator-pass-1' } })).status,
    ).toBe(400);
  });

  it('refuses a support account and the house account too, and sets the password of an existing operator', async () => {
    const supportBefore = await accountOf(support.username);
    await expect(restart({ TUZO_ADMIN_USERNAME: support.username, TUZO_ADMIN_PASSWORD: 'operator-pass-1' })).rejects.toThrow(
      'belongs to a support account, not an operator',
    );
    expect(await accountOf(support.username)).toEqual(supportBefore);
    await expect(restart({ TUZO_ADMIN_USERNAME: 'tuzo_house', TUZO_ADMIN_PASSWORD: 'operator-pass-1' })).rejects.toThrow(
      'belongs to the house account, not an operator',
    );

    const app = await restart({ TUZO_ADMIN_USERNAME: 'boss_real', TUZO_ADMIN_PASSWORD: 'operator-pass-1' });
    await app.close();
    const again = await restart({ TUZO_ADMIN_USERNAME: 'boss_real', TUZO_ADMIN_PASSWORD: 'operator-pass-2' });
    await again.close();
    expect(await accountOf('boss_real')).toMatchObject({ role: 'operator', email: 'boss_real@operator.tuzo.local' });
    expect((await callAction(t.app, 'login', { payload: { username: 'boss_real', password: 'operator-pass-2' } })).status).toBe(
      200,
    );
  });

  it('server.ts prints the one sentence, without a stack, and exits non-zero', async () => {
    expect(explain(new StartupRefusal('One sentence.'))).toBe('One sentence.');
    const serverPath = fileURLToPath(new URL('../src/server.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', serverPath], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        DATABASE_URL: t.databaseUrl,
        // The test app's data folder: its generated TUZO_SECRET_KEY sealed this database's two-factor secrets, so
        // the start gets as far as the seed.
        DATA_DIR: t.config.dataDir,
        PORT: '0',
        LOG_LEVEL: 'silent',
        TUZO_DEMO_SEED: 'false',
        WEB_DIST_DIR: '/nonexistent',
        TUZO_ADMIN_USERNAME: 'boss_first',
        TUZO_ADMIN_PASSWORD: 'operator-pass-1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(
      'TUZO_ADMIN_USERNAME is "boss_first", but that name already belongs to a member account, not an operator; set TUZO_ADMIN_USERNAME to a name nobody holds and start again (the account was left unchanged).',
    );
  }, 60_000);
});
