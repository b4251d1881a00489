import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SettableClock } from '../src/lib/clock.ts';
import { totpCode } from '../src/modules/auth/totp.ts';
import { loginOk, registerOk } from './auth-helpers.ts';
import { callAction, createTestApp, type TestApp } from './harness.ts';
import { createMember, ensureTestCountries, type TestMember } from './money-fixtures.ts';

const BOSS = { username: 'boss', password: 'boss-password-1' };
const START = new Date('2026-11-23T09:00:05Z');
const clock = new SettableClock(START);
let t: TestApp;
let bossSecret = '';
let bossToken = '';
let recoveryCodes: string[] = [];

const login = (payload: Record<string, unknown>) => callAction(t.app, 'login', { payload });
const nextStep = () => clock.advance(30_000);

beforeAll(async () => {
  t = await createTestApp({ TUZO_ADMIN_USERNAME: BOSS.username, TUZO_ADMIN_PASSWORD: BOSS.password }, { clock });
});
afterAll(async () => t.close());

describe('the bootstrap operator enrols at its first sign-in', () => {
  it('signs in with the password alone, but staff actions wait for two-factor sign-in', async () => {
    const first = await login(BOSS);
    expect(first.status, first.msg).toBe(200);
    bossToken = first.data.access_token;
    expect(first.data.user_data.userdetails).toMatchObject({ role: 'operator', isadmin: true, is_totp_enrolled: false });
    const refused = await callAction(t.app, 'adminwithdrawals', { token: bossToken });
    expect(refused).toMatchObject({ status: 403, code: 'TOTP_ENROLMENT_REQUIRED' });
    expect((await callAction(t.app, 'totpconfirm', { token: bossToken, payload: { code: '123456' } })).status).toBe(400);
  });

  it('gets a secret and an otpauth URI, and a current code turns it on with ten recovery codes', async () => {
    const otherSession = (await login(BOSS)).data.access_token;
    const setup = await callAction(t.app, 'totpsetup', { token: bossToken, method: 'POST', payload: {} });
    expect(setup.status, setup.msg).toBe(200);
    bossSecret = setup.data.secret;
    expect(bossSecret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.data.otpauth_uri).toContain(`secret=${bossSecret}`);
    expect(setup.data.otpauth_uri.startsWith('otpauth://totp/Tuzo:boss?')).toBe(true);

    const wrong = await callAction(t.app, 'totpconfirm', {
      token: bossToken,
      payload: { code: totpCode(bossSecret, clock.now(), 3) },
    });
    expect(wrong).toMatchObject({ status: 400, code: 'TOTP_INVALID' });
    const confirmed = await callAction(t.app, 'totpconfirm', {
      token: bossToken,
      payload: { code: totpCode(bossSecret, clock.now()) },
    });
    expect(confirmed.status, confirmed.msg).toBe(200);
    recoveryCodes = confirmed.data.recovery_codes;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    // 16 base32 characters (80 random bits) in four groups.
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}$/);

    // Stored as salted hashes only (secret-keys.test.ts checks the hashing); the secret is stored sealed and never
    // sent again.
    const stored = await t.sql<{ code_hash: string }>('SELECT code_hash FROM totp_recovery_codes');
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(row.code_hash).toMatch(/^hmac-sha256\$[\w-]{22}\$[\w-]{43}$/);
    const joined = stored.map((row) => row.code_hash).join(' ');
    for (const code of recoveryCodes) expect(joined).not.toContain(code.replace(/-/g, ''));
    const [secretRow] = await t.sql<{ totp_secret: string }>("SELECT totp_secret FROM members WHERE username = 'boss'");
    expect(secretRow!.totp_secret).toMatch(/^v1:[0-9a-f]{8}:/);
    expect(secretRow!.totp_secret).not.toContain(bossSecret);
    expect((await callAction(t.app, 'totpsetup', { token: bossToken, method: 'POST', payload: {} })).status).toBe(409);
    expect(JSON.stringify(await callAction(t.app, 'userdata', { token: bossToken }))).not.toContain(bossSecret);
    const audit = await t.sql<{ action: string; actor: string }>(
      "SELECT action, actor_id::text AS actor FROM audit_log WHERE action = 'staff.totp_enable'",
    );
    expect(audit).toHaveLength(1);

    expect((await callAction(t.app, 'adminwithdrawals', { token: bossToken })).status).toBe(200);
    // The other session was opened with the password alone: it ended when two-factor sign-in came on.
    expect((await callAction(t.app, 'userdata', { token: otherSession })).status).toBe(401);
  });
});

describe('login with two-factor sign-in', () => {
  it('answers TOTP_REQUIRED (400, not 401) to the password alone', async () => {
    const res = await login(BOSS);
    expect(res).toMatchObject({ status: 400, code: 'TOTP_REQUIRED', resultcode: false, data: null });
    expect((await login({ ...BOSS, password: 'wrong-password' })).code).toBe('BAD_REQUEST');
  });

  it('accepts a current code once: the code that confirmed enrolment, or one that signed in, is refused again', async () => {
    const replayed = await login({ ...BOSS, totp: totpCode(bossSecret, clock.now()) });
    expect(replayed).toMatchObject({ status: 400, code: 'TOTP_INVALID' });
    nextStep();
    const code = totpCode(bossSecret, clock.now());
    const ok = await login({ ...BOSS, totp: code });
    expect(ok.status, ok.msg).toBe(200);
    expect(ok.data.user_data.userdetails.is_totp_enrolled).toBe(true);
    expect(await login({ ...BOSS, totp: code })).toMatchObject({ code: 'TOTP_INVALID' });
    // The previous step's code is older than the one used: refused as well.
    expect(await login({ ...BOSS, totp: totpCode(bossSecret, clock.now(), -1) })).toMatchObject({ code: 'TOTP_INVALID' });
  });

  it('accepts each recovery code once, audited', async () => {
    const code = recoveryCodes[0]!;
    const ok = await login({ ...BOSS, totp: ` ${code.toUpperCase()} ` });
    expect(ok.status, ok.msg).toBe(200);
    expect(await login({ ...BOSS, totp: code })).toMatchObject({ code: 'TOTP_INVALID' });
    expect(await t.sql("SELECT count(*)::int AS n FROM audit_log WHERE action = 'staff.recovery_code_use'")).toEqual([{ n: 1 }]);
  });

  it('limits attempts per account (5 per 15 minutes), then lets the right code in after the window', async () => {
    clock.advance(15 * 60_000 + 1000); // a fresh window: the refusals above counted too
    const [{ lastAudit } = { lastAudit: '0' }] = await t.sql<{ lastAudit: string }>(
      'SELECT coalesce(max(id), 0)::text AS "lastAudit" FROM audit_log',
    );

    for (let i = 0; i < 5; i += 1) expect((await login({ ...BOSS, totp: '000000' })).code).toBe('TOTP_INVALID');
    const limited = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: { ...BOSS, totp: totpCode(bossSecret, clock.now()) },
    });
    expect(limited.json()).toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      msg: 'Too many codes tried. Try again in 15 minutes.',
    });
    expect(limited.headers['retry-after']).toBe(String(15 * 60));
    // Each wrong code and the lock itself are in the audit log (decision 021).
    const audited = await t.sql<{ action: string; n: number }>(
      "SELECT action, count(*)::int AS n FROM audit_log WHERE action IN ('auth.totp_failed', 'auth.lockout') AND id > $1 GROUP BY action ORDER BY action",
      [lastAudit],
    );
    expect(audited).toEqual([
      { action: 'auth.lockout', n: 1 },
      { action: 'auth.totp_failed', n: 5 },
    ]);
    clock.advance(15 * 60_000 + 1000);
    const ok = await login({ ...BOSS, totp: totpCode(bossSecret, clock.now()) });
    expect(ok.status, ok.msg).toBe(200);
    bossToken = ok.data.access_token;
  });
});

describe('staff accounts', () => {
  let supportToken = '';
  let supportSecret = '';
  /** Staff management is four-eyes (decision 044): a second operator approves what boss asks. */
  let second: TestMember;
  const approveAsked = async (asked: { httpStatus: number; data: { approval_id: string } }) => {
    expect(asked.httpStatus).toBe(202);
    const approved = await callAction(t.app, 'adminapproverequest', {
      token: second.token,
      payload: { id: asked.data.approval_id },
    });
    expect(approved.status, approved.msg).toBe(200);
    return approved;
  };

  it('an operator asks for a support account, a second approves, audited with who, what, after and IP', async () => {
    const countries = await ensureTestCountries(t);
    second = await createMember(t, { countryId: countries.kes, status: 'active', role: 'operator', prefix: 'second' });
    const payload = { username: 'help_desk', email: 'help@tuzo.local', role: 'support' };
    const asked = await callAction(t.app, 'adminstaffcreate', { token: bossToken, payload });
    expect(asked).toMatchObject({ httpStatus: 202, data: { kind: 'staff_create', state: 'pending' } });
    expect((await callAction(t.app, 'adminstaffcreate', { token: bossToken, payload })).status).toBe(409);
    await approveAsked(asked);
    expect((await callAction(t.app, 'adminstaffcreate', { token: bossToken, payload })).status).toBe(409);
    const audit = await t.sql<{ actor_id: string; after: Record<string, unknown>; ip: string | null }>(
      "SELECT actor_id::text, after, ip FROM audit_log WHERE action = 'staff.create'",
    );
    expect(audit).toEqual([
      {
        actor_id: second.id.toString(),
        after: {
          username: 'help_desk',
          email: 'help@tuzo.local',
          role: 'support',
          disabled: false,
          totp: false,
          requestedBy: expect.any(String),
          enrolmentExpiresAt: expect.any(String),
        },
        ip: expect.any(String),
      },
    ]);
    const list = await callAction(t.app, 'adminstaff', { token: bossToken });
    expect(list.data.rows.map((row: { username: string }) => row.username).sort()).toEqual(
      ['boss', 'help_desk', second.username].sort(),
    );
    // The new account sets its own password with the one-time link its requester hands over.
    const link = await callAction(t.app, 'adminstaffenrolment', { token: bossToken, payload: { username: 'help_desk' } });
    expect(link.status, link.msg).toBe(200);
    const token = new URL(link.data.link as string).searchParams.get('token');
    expect((await callAction(t.app, 'staffenrol', { payload: { token, password: 'support-pass-1' } })).status).toBe(200);
  });

  it('support enrols, then reads the queues but may not adjust wallets, decide withdrawals or manage staff', async () => {
    const first = await login({ username: 'help_desk', password: 'support-pass-1' });
    supportToken = first.data.access_token;
    expect(first.data.user_data.userdetails).toMatchObject({ role: 'support', isadmin: false });
    expect((await callAction(t.app, 'adminreviewcodes', { token: supportToken })).code).toBe('TOTP_ENROLMENT_REQUIRED');
    supportSecret = (await callAction(t.app, 'totpsetup', { token: supportToken, method: 'POST', payload: {} })).data.secret;
    expect(
      (await callAction(t.app, 'totpconfirm', { token: supportToken, payload: { code: totpCode(supportSecret, clock.now()) } }))
        .status,
    ).toBe(200);
    expect((await callAction(t.app, 'adminreviewcodes', { token: supportToken })).status).toBe(200);
    expect((await callAction(t.app, 'adminwithdrawals', { token: supportToken })).status).toBe(200);
    for (const [action, payload] of [
      ['adminadjust', { username: 'boss', wallet: 'balance', amount: '10', reason: 'try' }],
      ['updatetrans', { tid: 1, value: '2' }],
      ['adminstaffcreate', { username: 'sneaky', email: 's@x.io', role: 'operator' }],
      ['adminstaffdisable', { username: 'boss', disabled: true }],
    ] as const) {
      const res = await callAction(t.app, action, { token: supportToken, payload });
      expect(res, action).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    }
    expect((await callAction(t.app, 'adminaudit', { token: supportToken })).code).toBe('FORBIDDEN');
  });

  it('support sends a member a notification, delivered once and audited with the text', async () => {
    const member = await registerOk(t);
    const sent = await callAction(t.app, 'adminnotify', {
      token: supportToken,
      payload: { username: member.username, msg: 'Your code was checked', severity: 'success' },
    });
    expect(sent.status, sent.msg).toBe(200);
    expect(
      (await callAction(t.app, 'adminnotify', { token: supportToken, payload: { username: 'nobody_here', msg: 'x' } })).status,
    ).toBe(404);
    expect(
      (await callAction(t.app, 'adminnotify', { token: supportToken, payload: { username: member.username, msg: '   ' } })).code,
    ).toBe('VALIDATION_FAILED');
    const memberToken = await loginOk(t, member.username);
    const auth = await callAction(t.app, 'auth', { token: memberToken });
    expect(auth.info).toEqual([expect.objectContaining({ msg: 'Your code was checked', severity: 'success' })]);
    const audit = await t.sql<{ after: unknown; ip: string | null }>(
      "SELECT after, ip FROM audit_log WHERE action = 'member.notify'",
    );
    expect(audit).toEqual([{ after: { msg: 'Your code was checked', severity: 'success' }, ip: expect.any(String) }]);
  });

  it('a disabled account is signed out and cannot sign in; enabled again, it can', async () => {
    expect(
      (await callAction(t.app, 'adminstaffdisable', { token: bossToken, payload: { username: 'boss', disabled: true } })).status,
    ).toBe(400);
    const disabled = await callAction(t.app, 'adminstaffdisable', {
      token: bossToken,
      payload: { username: 'HELP_DESK', disabled: true },
    });
    expect((await callAction(t.app, 'adminreviewcodes', { token: supportToken })).status).toBe(200);
    await approveAsked(disabled);
    expect((await callAction(t.app, 'adminreviewcodes', { token: supportToken })).status).toBe(401);
    nextStep();
    const refused = await login({
      username: 'help_desk',
      password: 'support-pass-1',
      totp: totpCode(supportSecret, clock.now()),
    });
    expect(refused).toMatchObject({ status: 403, code: 'ACCOUNT_SUSPENDED' });
    await approveAsked(
      await callAction(t.app, 'adminstaffdisable', { token: bossToken, payload: { username: 'help_desk', disabled: false } }),
    );
    nextStep();
    const back = await login({ username: 'help_desk', password: 'support-pass-1', totp: totpCode(supportSecret, clock.now()) });
    expect(back.status, back.msg).toBe(200);
    const audit = await t.sql<{ action: string; before: { disabled: boolean }; after: { disabled: boolean } }>(
      "SELECT action, before, after FROM audit_log WHERE action IN ('staff.disable', 'staff.enable') ORDER BY id",
    );
    expect(audit.map((row) => [row.action, row.before.disabled, row.after.disabled])).toEqual([
      ['staff.disable', false, true],
      ['staff.enable', true, false],
    ]);
  });

  it('an operator resets a lost authenticator: the account signs in with its password and enrols again', async () => {
    const reset = await callAction(t.app, 'adminstafftotpreset', { token: bossToken, payload: { username: 'help_desk' } });
    await approveAsked(reset);
    const row = (await callAction(t.app, 'adminstaff', { token: bossToken })).data.rows.find(
      (r: { username: string }) => r.username === 'help_desk',
    );
    expect(row).toMatchObject({ is_totp_enrolled: false });
    const again = await login({ username: 'help_desk', password: 'support-pass-1' });
    expect(again.status, again.msg).toBe(200);
    expect((await callAction(t.app, 'adminreviewcodes', { token: again.data.access_token })).code).toBe(
      'TOTP_ENROLMENT_REQUIRED',
    );
    expect(
      await t.sql(
        "SELECT count(*)::int AS n FROM totp_recovery_codes r JOIN members m ON m.id = r.member_id WHERE m.username = 'help_desk'",
      ),
    ).toEqual([{ n: 0 }]);
  });
});

describe('the audit log', () => {
  it('filters by staff member, action, member and date, newest first, with before and after', async () => {
    const all = await callAction(t.app, 'adminaudit', { token: bossToken });
    expect(all.status, all.msg).toBe(200);
    expect(all.data.actions).toEqual(
      expect.arrayContaining(['staff.create', 'staff.disable', 'staff.totp_enable', 'seed.operator_create']),
    );
    const times = all.data.rows.map((row: { created_at: string }) => row.created_at);
    expect([...times].sort().reverse()).toEqual(times);

    const byStaff = await callAction(t.app, 'adminaudit', {
      token: bossToken,
      query: { staff: 'boss', audit_action: 'approval.request' },
    });
    expect(byStaff.status, byStaff.msg).toBe(200);
    expect(byStaff.data.rows.length).toBeGreaterThanOrEqual(4);
    const disabledBy = await callAction(t.app, 'adminaudit', {
      token: bossToken,
      query: { audit_action: 'staff.disable' },
    });
    expect(disabledBy.data.rows).toHaveLength(1);
    expect(disabledBy.data.rows[0]).toMatchObject({
      staff: expect.stringMatching(/^second_/),
      member: 'help_desk',
      action: 'staff.disable',
      before: { disabled: false },
      after: { disabled: true },
    });

    const byMember = await callAction(t.app, 'adminaudit', { token: bossToken, query: { member: 'help_desk' } });
    expect(new Set(byMember.data.rows.map((row: { member: string }) => row.member))).toEqual(new Set(['help_desk']));
    expect(byMember.data.total).toBeGreaterThanOrEqual(5);
    const bySupport = await callAction(t.app, 'adminaudit', { token: bossToken, query: { staff: 'help_desk' } });
    expect(bySupport.data.rows.map((row: { action: string }) => row.action)).toEqual(
      expect.arrayContaining(['member.notify', 'staff.totp_enable']),
    );

    const paged = await callAction(t.app, 'adminaudit', {
      token: bossToken,
      query: { member: 'help_desk', limit: '2', page: '2' },
    });
    expect(paged.data.rows).toHaveLength(2);
    expect(paged.data.rows[0].id).toBe(byMember.data.rows[2].id);

    expect((await callAction(t.app, 'adminaudit', { token: bossToken, query: { staff: 'nobody_at_all' } })).data.rows).toEqual(
      [],
    );
    const day = START.toISOString().slice(0, 10);
    const today = await callAction(t.app, 'adminaudit', { token: bossToken, query: { from: day, to: day } });
    expect(today.status, today.msg).toBe(200);
    const tomorrow = await callAction(t.app, 'adminaudit', { token: bossToken, query: { from: '2099-01-01' } });
    expect(tomorrow.data).toMatchObject({ rows: [], total: 0 });
    expect((await callAction(t.app, 'adminaudit', { token: bossToken, query: { from: '23-11-2026' } })).code).toBe(
      'VALIDATION_FAILED',
    );
  });
});
