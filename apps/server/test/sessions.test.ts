import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { SettableClock } from '../src/lib/clock.ts';
import { ACCESS_LINK_TTL_MS } from '../src/modules/auth/access-link.service.ts';
import { STAFF_IDLE_SECONDS, STAFF_SESSION_MS } from '../src/modules/auth/session.service.ts';
import { hashToken } from '../src/modules/auth/tokens.ts';
import { totpCode } from '../src/modules/auth/totp.ts';
import { loginOk, registerOk } from './auth-helpers.ts';
import { enrolStaffByServer } from '../src/modules/staff/staff-enrolment.service.ts';
import { callAction, createTestApp, createTestAppOn, type TestApp } from './harness.ts';
import { createMember, ensureTestCountries } from './money-fixtures.ts';
import { perMinuteOf } from './rate-limit-helpers.ts';

const BOSS = { username: 'boss', password: 'boss-password-1' };
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const clock = new SettableClock(new Date('2026-05-04T07:00:00Z'));
let t: TestApp;
let limited: TestApp;
let bossSecret = '';

beforeAll(async () => {
  t = await createTestApp({ TUZO_ADMIN_USERNAME: BOSS.username, TUZO_ADMIN_PASSWORD: BOSS.password }, { clock });
  limited = await createTestAppOn(t.databaseUrl, { RATE_LIMIT_ENABLED: 'true' }, { clock });
});
afterAll(async () => {
  await limited.closeWithoutReconcile();
  await t.close();
});

const isSignedIn = async (token: string) => (await callAction(t.app, 'auth', { token })).status === 200;
const tokenOfLink = (link: string) => new URL(link).pathname.replace('/access/', '');
/** The exchange as the page sends it once the person answered "Sign in as <username>?" with yes. */
const exchange = (payload: Record<string, unknown>, token?: string) =>
  callAction(t.app, 'accessexchange', { payload: { confirm: true, ...payload }, token: token ?? null });
const unconfirmed = (payload: Record<string, unknown>, token?: string) =>
  callAction(t.app, 'accessexchange', { payload, token: token ?? null });
const staffLogin = (totp?: string) =>
  callAction(t.app, 'login', { payload: { ...BOSS, ...(totp === undefined ? {} : { totp }) } });

async function issueLink(token: string): Promise<string> {
  const res = await callAction(t.app, 'accesslink', { token, method: 'POST', payload: {} });
  expect(res.status, res.msg).toBe(200);
  return res.data.link as string;
}

describe('access links (/access/<token>)', () => {
  it('a member issues a link for their own account; it signs in once, stored only as a hash', async () => {
    await registerOk(t, { username: 'link_owner' });
    const token = await loginOk(t, 'link_owner');
    const issued = await callAction(t.app, 'accesslink', { token, method: 'POST', payload: {} });
    expect(issued).toMatchObject({ status: 200, msg: 'Open this link on your other device within 10 minutes. It works once.' });
    expect(issued.data.expires_at).toBe(new Date(clock.now().getTime() + 10 * MINUTE).toISOString());
    const linkToken = tokenOfLink(issued.data.link);
    expect(issued.data.link).toBe(`${t.app.deps.publicUrl()}/access/${linkToken}`);
    expect(linkToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await t.sql('SELECT 1 FROM access_links WHERE token_hash = $1', [linkToken])).toEqual([]);
    expect(await t.sql('SELECT 1 FROM access_links WHERE token_hash = $1', [hashToken(linkToken)])).toHaveLength(1);
    // The link token is not a bearer token.
    expect(await isSignedIn(linkToken)).toBe(false);

    const first = await exchange({ token: linkToken });
    expect(first).toMatchObject({ status: 200, msg: 'Login successful' });
    expect(first.data.user_data.userdetails.uname).toBe('link_owner');
    expect(await isSignedIn(first.data.access_token)).toBe(true);
    expect(await isSignedIn(token)).toBe(true);

    const again = await exchange({ token: linkToken });
    expect(again).toMatchObject({
      status: 400,
      resultcode: false,
      msg: 'This access link was already used. Ask for a new one from your profile.',
    });
    const twice = await Promise.all([
      issueLink(token).then((link) =>
        Promise.all([exchange({ token: tokenOfLink(link) }), exchange({ token: tokenOfLink(link) })]),
      ),
    ]);
    expect(twice[0]!.map((res) => res.status).sort()).toEqual([200, 400]);
  });

  it('expires 10 minutes after it was issued', async () => {
    await registerOk(t, { username: 'link_late' });
    const token = await loginOk(t, 'link_late');
    const onTime = await issueLink(token);
    const late = await issueLink(token);
    clock.advance(ACCESS_LINK_TTL_MS - 1000);
    expect((await exchange({ token: tokenOfLink(onTime) })).status).toBe(200);
    clock.advance(1000);
    expect(await exchange({ token: tokenOfLink(late) })).toMatchObject({
      status: 400,
      msg: 'This access link has expired. Ask for a new one from your profile.',
    });
    expect(await exchange({ token: 'x'.repeat(43) })).toMatchObject({
      status: 400,
      msg: 'This access link is not valid. Ask for a new one from your profile.',
    });
  });

  it('never silently replaces another signed-in member: it asks, and spends the link only once confirmed', async () => {
    await registerOk(t, { username: 'link_alice' });
    await registerOk(t, { username: 'link_bob' });
    const alice = await loginOk(t, 'link_alice');
    const bob = await loginOk(t, 'link_bob');
    const link = tokenOfLink(await issueLink(alice));
    const asked = await unconfirmed({ token: link }, bob);
    expect(asked).toMatchObject({
      status: 409,
      code: 'CONFIRM_SIGN_IN',
      msg: 'You are signed in as link_bob on this browser. This link signs in link_alice.',
      data: { signed_in_as: 'link_bob', link_for: 'link_alice' },
    });
    expect(await unconfirmed({ token: link, confirm: false }, bob)).toMatchObject({ status: 409, code: 'CONFIRM_SIGN_IN' });
    expect(await t.sql('SELECT 1 FROM access_links WHERE token_hash = $1 AND used_at IS NULL', [hashToken(link)])).toHaveLength(
      1,
    );
    expect(await isSignedIn(bob)).toBe(true);
    const switched = await exchange({ token: link }, bob);
    expect(switched).toMatchObject({ status: 200 });
    expect(switched.data.user_data.userdetails.uname).toBe('link_alice');
    // The same member signed in already: still asked, by name.
    const ownLink = tokenOfLink(await issueLink(alice));
    expect(await unconfirmed({ token: ownLink }, alice)).toMatchObject({
      status: 409,
      code: 'CONFIRM_SIGN_IN',
      msg: 'Sign in as link_alice?',
      data: { signed_in_as: 'link_alice', link_for: 'link_alice' },
    });
    expect((await exchange({ token: ownLink }, alice)).status).toBe(200);
  });

  it('asks "Sign in as <username>?" with nobody signed in too (login CSRF), and spends nothing until confirmed', async () => {
    await registerOk(t, { username: 'link_planted' });
    const owner = await loginOk(t, 'link_planted');
    const link = tokenOfLink(await issueLink(owner));
    const sessionsBefore = await t.sql('SELECT count(*)::int AS n FROM sessions');
    for (const payload of [{ token: link }, { token: link, confirm: false }]) {
      expect(await unconfirmed(payload)).toMatchObject({
        status: 409,
        resultcode: false,
        code: 'CONFIRM_SIGN_IN',
        msg: 'Sign in as link_planted?',
        data: { link_for: 'link_planted', signed_in_as: null },
      });
    }
    expect(await t.sql('SELECT count(*)::int AS n FROM sessions')).toEqual(sessionsBefore);
    expect(await t.sql('SELECT 1 FROM access_links WHERE token_hash = $1 AND used_at IS NULL', [hashToken(link)])).toHaveLength(
      1,
    );
    // A bad link is refused before any question: the page shows why at once.
    expect(await unconfirmed({ token: 'y'.repeat(43) })).toMatchObject({ status: 400 });
    const confirmed = await exchange({ token: link });
    expect(confirmed).toMatchObject({ status: 200, msg: 'Login successful' });
    expect(confirmed.data.user_data.userdetails.uname).toBe('link_planted');
  });

  it('is for members only: staff cannot issue one (no impersonation, no way around the authenticator)', async () => {
    const { kes } = await ensureTestCountries(t);
    const operator = await createMember(t, { countryId: kes, role: 'operator', status: 'active' });
    expect(await callAction(t.app, 'accesslink', { token: operator.token, method: 'POST', payload: {} })).toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
    });
    expect(await callAction(t.app, 'accesslink', { method: 'POST', payload: {} })).toMatchObject({ status: 401 });
  });
});

describe('limits are counted per member, after the token is resolved', () => {
  it('survive the spelling of the Authorization header and a fresh sign-in (in-process limit)', async () => {
    await registerOk(t, { username: 'limit_spaces' });
    const token = await loginOk(t, 'limit_spaces');
    const spellings = [`Bearer ${token}`, `Bearer  ${token}`, `Bearer\t${token}`, `Bearer ${token} `, `Bearer   ${token}`];
    expect(spellings).toHaveLength(perMinuteOf('accesslink'));
    for (const authorization of spellings) {
      expect(
        (await callAction(limited.app, 'accesslink', { method: 'POST', payload: {}, headers: { authorization } })).status,
      ).toBe(200);
    }
    expect(await callAction(limited.app, 'accesslink', { token, method: 'POST', payload: {} })).toMatchObject({
      httpStatus: 429,
      code: 'RATE_LIMITED',
    });
    const fresh = await loginOk(t, 'limit_spaces');
    expect(await callAction(limited.app, 'accesslink', { token: fresh, method: 'POST', payload: {} })).toMatchObject({
      httpStatus: 429,
      code: 'RATE_LIMITED',
    });
  });

  it('count code guessing (recovercode) in PostgreSQL per member: a fresh sign-in does not reset it', async () => {
    clock.advance(MINUTE);
    await registerOk(t, { username: 'limit_codes' });
    const token = await loginOk(t, 'limit_codes');
    const [{ id } = { id: '' }] = await t.sql<{ id: string }>("SELECT id::text FROM members WHERE username = 'limit_codes'");
    for (let attempt = 0; attempt < perMinuteOf('recovercode'); attempt += 1) {
      // An unreadable code is refused after the limit counted it, so the guesses cost nothing else here.
      expect((await callAction(limited.app, 'recovercode', { token, payload: {} })).status).toBe(400);
    }
    const fresh = await loginOk(t, 'limit_codes');
    const refused = await limited.app.inject({
      method: 'POST',
      url: '/api/recovercode',
      headers: { 'content-type': 'application/json', authorization: `Bearer  ${fresh}` },
      payload: {},
    });
    expect(refused.json()).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await t.sql('SELECT hits FROM rate_limit_counters WHERE key = $1', [`member:${id}:recovercode`])).toEqual([
      { hits: perMinuteOf('recovercode') + 1 },
    ]);
    clock.advance(MINUTE);
    expect((await callAction(limited.app, 'recovercode', { token: fresh, payload: {} })).status).toBe(400);
  });
});

describe('session lengths', () => {
  it('a member session ends after 7 days unused, and a poll records use at most every 5.6 hours', async () => {
    await registerOk(t, { username: 'idle_member' });
    const token = await loginOk(t, 'idle_member');
    const lastSeen = async () =>
      (
        await t.sql<{ at: Date }>('SELECT last_seen_at AS at FROM sessions WHERE token_hash = $1', [hashToken(token)])
      )[0]!.at.toISOString();
    const opened = clock.now().toISOString();
    for (let poll = 0; poll < 5; poll += 1) {
      clock.advance(MINUTE);
      expect((await callAction(t.app, 'userdata', { token })).status).toBe(200);
    }
    expect(await lastSeen()).toBe(opened);
    clock.advance(6 * HOUR);
    expect((await callAction(t.app, 'userdata', { token })).status).toBe(200);
    expect(await lastSeen()).toBe(clock.now().toISOString());
    clock.advance(7 * 24 * HOUR - MINUTE);
    expect(await isSignedIn(token)).toBe(true);
    clock.advance(7 * 24 * HOUR);
    expect(await isSignedIn(token)).toBe(false);
    expect((await callAction(t.app, 'userdata', { token })).status).toBe(401);
  });

  it("staff sign-ins, failed staff passwords and TOTP failures are audited; a member's are not", async () => {
    const first = await staffLogin();
    expect(first.status, first.msg).toBe(200);
    const setup = await callAction(t.app, 'totpsetup', { token: first.data.access_token, method: 'POST', payload: {} });
    bossSecret = setup.data.secret;
    expect(
      (
        await callAction(t.app, 'totpconfirm', {
          token: first.data.access_token,
          payload: { code: totpCode(bossSecret, clock.now(), 4) },
        })
      ).code,
    ).toBe('TOTP_INVALID');
    expect(
      (
        await callAction(t.app, 'totpconfirm', {
          token: first.data.access_token,
          payload: { code: totpCode(bossSecret, clock.now()) },
        })
      ).status,
    ).toBe(200);
    clock.advance(30_000);
    expect((await callAction(t.app, 'login', { payload: { ...BOSS, password: 'not-the-password' } })).status).toBe(400);
    expect((await staffLogin(totpCode(bossSecret, clock.now(), 5))).code).toBe('TOTP_INVALID');
    expect((await staffLogin(totpCode(bossSecret, clock.now()))).status).toBe(200);
    await registerOk(t, { username: 'audit_member' });
    await callAction(t.app, 'login', { payload: { username: 'audit_member', password: 'wrong-one' } });
    await loginOk(t, 'audit_member');

    const rows = await t.sql<{ action: string; target: string; ip: string; after: Record<string, unknown> }>(
      "SELECT a.action, m.username AS target, a.ip, a.after FROM audit_log a JOIN members m ON m.id::text = a.target_id WHERE a.action LIKE 'auth.%' ORDER BY a.id",
    );
    expect(rows.map((row) => row.after)).toEqual([
      { role: 'operator', totp: false },
      { stage: 'enrolment' },
      { reason: 'password' },
      { stage: 'login' },
      { role: 'operator', totp: true },
    ]);
    expect(rows.map(({ after: _after, ...row }) => row)).toEqual([
      { action: 'auth.staff_login', target: 'boss', ip: '127.0.0.1' },
      { action: 'auth.totp_failed', target: 'boss', ip: '127.0.0.1' },
      { action: 'auth.staff_login_failed', target: 'boss', ip: '127.0.0.1' },
      { action: 'auth.totp_failed', target: 'boss', ip: '127.0.0.1' },
      { action: 'auth.staff_login', target: 'boss', ip: '127.0.0.1' },
    ]);
  });

  it('a staff session ends after 30 minutes unused', async () => {
    clock.advance(30_000);
    const token = (await staffLogin(totpCode(bossSecret, clock.now()))).data.access_token as string;
    clock.advance(STAFF_IDLE_SECONDS * 1000 - MINUTE);
    expect(await isSignedIn(token)).toBe(true);
    clock.advance(STAFF_IDLE_SECONDS * 1000 - MINUTE);
    expect(await isSignedIn(token)).toBe(true);
    clock.advance(STAFF_IDLE_SECONDS * 1000 + 1000);
    expect(await isSignedIn(token)).toBe(false);
  });

  it("the timer-driven userdata poll keeps a member's session alive but not a staff session", async () => {
    clock.advance(30_000);
    const staff = (await staffLogin(totpCode(bossSecret, clock.now()))).data.access_token as string;
    for (let poll = 0; poll < 5; poll += 1) {
      clock.advance(5 * MINUTE);
      expect((await callAction(t.app, 'userdata', { token: staff })).status).toBe(200);
    }
    clock.advance(STAFF_IDLE_SECONDS * 1000 - 25 * MINUTE + 1000);
    expect((await callAction(t.app, 'userdata', { token: staff })).status).toBe(401);
    // Any other request is use: it keeps a fresh staff session going past 30 minutes.
    clock.advance(30_000);
    const working = (await staffLogin(totpCode(bossSecret, clock.now()))).data.access_token as string;
    for (let step = 0; step < 3; step += 1) {
      clock.advance(20 * MINUTE);
      expect((await callAction(t.app, 'adminwithdrawals', { token: working })).status).toBe(200);
    }
    expect(await isSignedIn(working)).toBe(true);
  });

  it('a staff session in use ends 12 hours after sign-in', async () => {
    clock.advance(30_000);
    const token = (await staffLogin(totpCode(bossSecret, clock.now()))).data.access_token as string;
    const [session] = await t.sql<{ created_at: Date; expires_at: Date; idle_seconds: number }>(
      'SELECT created_at, expires_at, idle_seconds FROM sessions WHERE token_hash = $1',
      [hashToken(token)],
    );
    expect(session?.idle_seconds).toBe(30 * 60);
    let elapsed = 0;
    while (elapsed + 25 * MINUTE < STAFF_SESSION_MS) {
      clock.advance(25 * MINUTE);
      elapsed += 25 * MINUTE;
      expect(await isSignedIn(token), `after ${elapsed / MINUTE} minutes`).toBe(true);
    }
    clock.advance(STAFF_SESSION_MS - elapsed - 1000);
    expect(await isSignedIn(token)).toBe(true);
    clock.advance(1000);
    expect(await isSignedIn(token)).toBe(false);
  });
});

describe('staff passwords have 12 or more characters at every change', () => {
  it('staff create, change password, reset link and the bootstrap setting', async () => {
    clock.advance(30_000);
    const operator = (await staffLogin(totpCode(bossSecret, clock.now()))).data.access_token as string;
    // A new staff account chooses its own password with its enrolment link (decision 044).
    const made = await enrolStaffByServer(t.app.deps, { username: 'desk_short', email: 'desk@tuzo.local', role: 'support' });
    const token = new URL(made.link).searchParams.get('token');
    const enrol = (password: string) => callAction(t.app, 'staffenrol', { payload: { token, password } });
    expect(await enrol('eleven-char')).toMatchObject({ status: 400, msg: 'A staff password has at least 12 characters' });
    expect((await enrol('twelve-chars')).status).toBe(200);

    const change = (newpassword: string, curpassword = BOSS.password) =>
      callAction(t.app, 'updatepassword', { token: operator, payload: { curpassword, newpassword, repassword: newpassword } });
    expect(await change('short-boss1')).toMatchObject({ status: 400, msg: 'A staff password has at least 12 characters' });
    expect((await change('longer-boss-pw')).status).toBe(200);
    expect((await change(BOSS.password, 'longer-boss-pw')).status).toBe(200);

    // A member keeps the spec's rule (4 characters).
    await registerOk(t, { username: 'short_pw_member' });
    const member = await loginOk(t, 'short_pw_member');
    expect(
      (
        await callAction(t.app, 'updatepassword', {
          token: member,
          payload: { curpassword: 'secret123', newpassword: 'abcd', repassword: 'abcd' },
        })
      ).status,
    ).toBe(200);

    // A reset link of a staff account: a short password is refused and the link still works.
    const resetToken = 'r'.repeat(43);
    await t.sql(
      "INSERT INTO password_resets (member_id, token_hash, expires_at) SELECT id, $2, now() + interval '30 minutes' FROM members WHERE username = $1",
      ['desk_short', hashToken(resetToken)],
    );
    const reset = (newpassword: string) =>
      callAction(t.app, 'resetpassword', { payload: { token: resetToken, newpassword, repassword: newpassword } });
    expect(await reset('desk-short1')).toMatchObject({ status: 400, msg: 'A staff password has at least 12 characters' });
    expect((await reset('desk-long-enough')).status).toBe(200);

    expect(() => loadConfig({ TUZO_ADMIN_USERNAME: 'boss', TUZO_ADMIN_PASSWORD: 'eleven-char' })).toThrow(
      /TUZO_ADMIN_PASSWORD must be at least 12 characters/,
    );
    expect(loadConfig({ TUZO_ADMIN_USERNAME: 'boss', TUZO_ADMIN_PASSWORD: 'twelve-chars' }).TUZO_ADMIN_PASSWORD).toBe(
      'twelve-chars',
    );
  });
});
