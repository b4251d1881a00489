import { UserDataSchema } from '@tuzo/contracts';
import { describe, expect, it } from 'vitest';
import { loginOk, memberRow, registerOk, signupPayload } from './auth-helpers.ts';
import { callAction } from './harness.ts';
import { useTestApp } from './before-all.ts';

const t = useTestApp();

describe('register', () => {
  it('creates an inactive member under the house account, with an argon2id hash and the sign-up bonus', async () => {
    const payload = await registerOk(t, { username: 'Alice_1', email: 'Alice@Example.com', phone: '+254712345678' });
    const row = await memberRow(t, 'alice_1');
    expect(row?.status).toBe('inactive');
    expect(row?.phone).toBe('+254712345678');
    expect(row?.password_hash.startsWith('$argon2id$')).toBe(true);
    expect(row?.password_hash).not.toContain(payload.password);
    // Kenya: cbonus 100 KES at rate 1 = 10000 system minor units.
    expect(row?.signup_bonus_minor).toBe('10000');
    const [house] = await t.sql<{ id: string }>('SELECT id FROM members WHERE is_house');
    expect(row?.l1_id).toBe(house?.id);
    expect(row?.l2_id).toBeNull();
  });

  it('refuses the same username in another case, the same email in another case, and the same phone', async () => {
    await registerOk(t, { username: 'bob_dup', email: 'bob@dup.com', phone: '+254722000111' });
    const byName = await callAction(t.app, 'register', { payload: signupPayload({ username: 'BOB_DUP' }) });
    expect(byName).toMatchObject({ status: 409, resultcode: false, msg: 'Username is already taken' });
    const byEmail = await callAction(t.app, 'register', { payload: signupPayload({ email: 'BOB@DUP.com' }) });
    expect(byEmail).toMatchObject({ status: 409, msg: 'Email is already registered' });
    // The same number typed with the national 0 and without the plus.
    const byPhone = await callAction(t.app, 'register', { payload: signupPayload({ phone: '2540722000111' }) });
    expect(byPhone).toMatchObject({ status: 409, msg: 'Phone number is already registered' });
  });

  it('answers 409 (never 500) when the same username is registered concurrently', async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, () => callAction(t.app, 'register', { payload: signupPayload({ username: 'racer_x' }) })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409 && r.msg === 'Username is already taken')).toHaveLength(4);
  });

  it('normalises the phone: strips a national 0 after the dial code and adds the plus', async () => {
    await registerOk(t, { username: 'phone_a', phone: '2540733111222' });
    expect((await memberRow(t, 'phone_a'))?.phone).toBe('+254733111222');
  });

  it('rejects bad input with a 400 and the spec message', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ username: 'abc' }, 'Username must be at least 4 characters'],
      [{ username: 'a'.repeat(21) }, 'Username must be less than 20 characters'],
      [{ username: 'bad name!' }, 'Username can only contain letters, numbers, and underscores'],
      [{ email: 'not-an-email' }, 'Invalid email address'],
      [{ phone: '+2547abc' }, 'Phone number must contain only digits'],
      [{ phone: '+254712' }, 'Phone number must contain only digits'],
      [{ phone: '+2541234567' }, 'Phone number must be at least 10 digits'],
      [{ password: 'abc', repassword: 'abc' }, 'Password must be at least 4 characters'],
      [{ password: 'a'.repeat(31), repassword: 'a'.repeat(31) }, 'Password must be less than 50 characters'],
      [{ repassword: 'different' }, "Passwords don't match"],
      [{ username: 12345 }, 'Username must be text'],
    ];
    for (const [overrides, msg] of cases) {
      const res = await callAction(t.app, 'register', { payload: signupPayload(overrides) });
      expect({ input: overrides, status: res.status, msg: res.msg }).toEqual({ input: overrides, status: 400, msg });
    }
    const missing = await callAction(t.app, 'register', { payload: { username: 'nobody_here' } });
    expect(missing).toMatchObject({ status: 400, msg: 'Email is required' });
  });

  it("refuses a phone with a plus and another country's dial code", async () => {
    const res = await callAction(t.app, 'register', { payload: signupPayload({ phone: '+256712345678' }) });
    expect(res).toMatchObject({ status: 400, msg: 'Phone number must start with the dial code +254 of the selected country' });
  });

  it('puts the member in the chosen country', async () => {
    const [uganda] = await t.sql<{ id: number }>("SELECT id FROM countries WHERE abbreviation = 'UG'");
    const [kenya] = await t.sql<{ id: number }>("SELECT id FROM countries WHERE abbreviation = 'KE'");
    expect(kenya?.id).toBe(1); // signupPayload's default country
    await registerOk(t, { username: 'ugandan', country: String(uganda?.id), phone: '+256701234567' });
    const ug = await memberRow(t, 'ugandan');
    expect(ug?.country_id).toBe(uganda?.id);
    // Uganda: cbonus 3000 UGX at 28.5 UGX per KES = 105.26 KES.
    expect(ug?.signup_bonus_minor).toBe('10526');
    await registerOk(t, { username: 'kenyan_n', country: kenya?.id });
    expect((await memberRow(t, 'kenyan_n'))?.country_id).toBe(kenya?.id);
  });

  it('refuses a sign-up without a chosen country with the spec\'s "Please select a country" (no fallback to the default)', async () => {
    const [disabled] = await t.sql<{ id: number }>(
      `INSERT INTO countries (name, dial, abbreviation, currency, rate_micro, enabled, is_default, sort_order) VALUES ('Closedland', '+998', 'CL', 'CLD', 1000000, false, false, 990) RETURNING id`,
    );
    const { country: _country, ...withoutCountry } = signupPayload({ username: 'no_country' });
    const attempts: unknown[] = [
      withoutCountry,
      { ...withoutCountry, country: '' },
      { ...withoutCountry, country: null },
      { ...withoutCountry, country: '00112' },
    ];
    for (const country of ['99999', '2147483648', '-1', '1.5', 'Kenya', String(disabled?.id)])
      attempts.push({ ...withoutCountry, country });
    for (const payload of attempts) {
      const res = await callAction(t.app, 'register', { payload });
      expect(res, JSON.stringify(payload)).toMatchObject({
        status: 400,
        code: 'VALIDATION_FAILED',
        msg: 'Please select a country',
      });
    }
    expect(await memberRow(t, 'no_country')).toBeUndefined();
  });

  it('builds the l1/l2/l3 chain from the sponsor (case-insensitive) and places an unknown sponsor under the house', async () => {
    await registerOk(t, { username: 'chain_a' });
    await registerOk(t, { username: 'chain_b', upline: 'CHAIN_A' });
    await registerOk(t, { username: 'chain_c', upline: 'chain_b' });
    await registerOk(t, { username: 'chain_d', upline: 'Chain_C' });
    const [a, b, c, d] = await Promise.all(['chain_a', 'chain_b', 'chain_c', 'chain_d'].map((name) => memberRow(t, name)));
    expect([b?.l1_id, b?.l2_id]).toEqual([a?.id, a?.l1_id]);
    expect([c?.l1_id, c?.l2_id, c?.l3_id]).toEqual([b?.id, a?.id, a?.l1_id]);
    expect([d?.l1_id, d?.l2_id, d?.l3_id]).toEqual([c?.id, b?.id, a?.id]);
    await registerOk(t, { username: 'orphan_1', upline: 'no_such_user' });
    const [house] = await t.sql<{ id: string }>('SELECT id FROM members WHERE is_house');
    expect((await memberRow(t, 'orphan_1'))?.l1_id).toBe(house?.id);
  });

  it('accepts a suspended sponsor', async () => {
    await registerOk(t, { username: 'susp_sponsor' });
    await t.sql("UPDATE members SET status = 'suspended' WHERE username = 'susp_sponsor'");
    await registerOk(t, { username: 'under_susp', upline: 'susp_sponsor' });
    expect((await memberRow(t, 'under_susp'))?.l1_id).toBe((await memberRow(t, 'susp_sponsor'))?.id);
  });
});

describe('free checks', () => {
  it('says available with 200 and taken with 409, case-insensitively, by POST and GET', async () => {
    await registerOk(t, { username: 'taken_one', email: 'taken@one.com', phone: '+254744555666' });
    const checks: [string, { payload?: Record<string, string>; query?: Record<string, string> }, object][] = [
      ['freeuser', { payload: { username: 'fresh_one' } }, { status: 200, resultcode: true, msg: 'Username is available' }],
      ['freeuser', { payload: { username: 'TAKEN_ONE' } }, { status: 409, resultcode: false, msg: 'Username is already taken' }],
      ['freeuser', { query: { username: 'taken_one' } }, { status: 409, resultcode: false }],
      ['freeemail', { payload: { email: 'Taken@One.com' } }, { status: 409, msg: 'Email is already registered' }],
      ['freeemail', { query: { email: 'free@one.com' } }, { status: 200, resultcode: true, msg: 'Email is available' }],
      ['freephone', { payload: { phone: '+254744555666' } }, { status: 409, msg: 'Phone number is already registered' }],
      ['freephone', { payload: { phone: '2540744555666' } }, { status: 409 }],
      ['freephone', { payload: { phone: '+254744555667' } }, { status: 200, resultcode: true, msg: 'Phone number is available' }],
    ];
    for (const [action, options, answer] of checks) {
      expect(await callAction(t.app, action, options), `${action} ${JSON.stringify(options)}`).toMatchObject(answer);
    }
  });

  it('answers 400 for a value that could never be registered', async () => {
    expect(await callAction(t.app, 'freeuser', { payload: { username: 'bad name' } })).toMatchObject({ status: 400 });
    expect(await callAction(t.app, 'freeuser', { payload: {} })).toMatchObject({ status: 400, msg: 'Username is required' });
    expect(await callAction(t.app, 'freeemail', { payload: { email: 'nope' } })).toMatchObject({
      status: 400,
      msg: 'Invalid email address',
    });
    expect(await callAction(t.app, 'freephone', { payload: { phone: '12ab' } })).toMatchObject({ status: 400 });
    expect(await callAction(t.app, 'freephone', { payload: { phone: 254712345678 } })).toMatchObject({ status: 400 });
  });
});

describe('login, auth, logout', () => {
  it('logs in by username or email in any case and returns a token and user data', async () => {
    await registerOk(t, { username: 'Carol_L', email: 'Carol@Mail.com' });
    const res = await callAction(t.app, 'login', { payload: { username: 'carol@MAIL.com', password: 'secret123' } });
    expect(res).toMatchObject({ status: 200, resultcode: true, msg: 'Login successful' });
    expect(UserDataSchema.parse(res.data.user_data).userdetails.uname).toBe('Carol_L');
    expect(res.data.lastupdate).toBe(res.data.user_data.userdetails.lastupdate);
    const token = await loginOk(t, 'CAROL_L');
    const auth = await callAction(t.app, 'auth', { token });
    expect(auth).toMatchObject({ status: 200, resultcode: true });
    expect(typeof auth.data.lastupdate).toBe('string');
  });

  it('refuses a wrong password or unknown user with 400 (not 401) and the same message', async () => {
    await registerOk(t, { username: 'dave_w' });
    const wrong = await callAction(t.app, 'login', { payload: { username: 'dave_w', password: 'nope1234' } });
    const unknown = await callAction(t.app, 'login', { payload: { username: 'ghost_user', password: 'nope1234' } });
    for (const res of [wrong, unknown])
      expect(res).toMatchObject({ httpStatus: 400, resultcode: false, msg: 'Invalid username or password' });
  });

  it('validates the login payload', async () => {
    expect(await callAction(t.app, 'login', { payload: { username: '', password: 'x' } })).toMatchObject({
      status: 400,
      msg: 'Username or email is required',
    });
    expect(await callAction(t.app, 'login', { payload: { username: 'someone', password: '' } })).toMatchObject({
      status: 400,
      msg: 'Password is required',
    });
    expect(await callAction(t.app, 'login', { payload: { username: ['a'], password: 1 } })).toMatchObject({ status: 400 });
    expect(await callAction(t.app, 'login', { method: 'GET', query: { username: 'a', password: 'b' } })).toMatchObject({
      status: 405,
    });
  });

  it('refuses the house account even though it exists', async () => {
    const res = await callAction(t.app, 'login', { payload: { username: 'tuzo_house', password: 'anything' } });
    expect(res).toMatchObject({ status: 400, msg: 'Invalid username or password' });
  });

  it('refuses a suspended member with 403', async () => {
    await registerOk(t, { username: 'erin_s' });
    const token = await loginOk(t, 'erin_s');
    await t.sql("UPDATE members SET status = 'suspended' WHERE username = 'erin_s'");
    expect(await callAction(t.app, 'login', { payload: { username: 'erin_s', password: 'secret123' } })).toMatchObject({
      status: 403,
      msg: 'Your account has been suspended',
    });
    // An existing session of a suspended member stops working too.
    expect((await callAction(t.app, 'userdata', { token })).status).toBe(401);
  });

  it('logout revokes the token', async () => {
    await registerOk(t, { username: 'frank_o' });
    const token = await loginOk(t, 'frank_o');
    expect((await callAction(t.app, 'userdata', { token })).status).toBe(200);
    expect(await callAction(t.app, 'logout', { method: 'POST', payload: {}, token })).toMatchObject({
      status: 200,
      msg: 'Logged out',
    });
    expect((await callAction(t.app, 'userdata', { token })).status).toBe(401);
    expect((await callAction(t.app, 'logout', { token })).status).toBe(401);
  });

  it('answers 401 for an expired, forged or missing token', async () => {
    await registerOk(t, { username: 'gina_e' });
    const token = await loginOk(t, 'gina_e');
    expect((await callAction(t.app, 'auth', { token })).status).toBe(200);
    await t.sql(
      "UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE member_id = (SELECT id FROM members WHERE username = 'gina_e')",
    );
    expect((await callAction(t.app, 'auth', { token })).status).toBe(401);
    expect((await callAction(t.app, 'auth', { token: 'A'.repeat(43) })).status).toBe(401);
    expect((await callAction(t.app, 'auth', { token: 'short' })).status).toBe(401);
    expect((await callAction(t.app, 'auth')).status).toBe(401);
  });

  it('locks an account at this address for 15 minutes after 5 failed logins, even for the right password; other addresses still sign in', async () => {
    await registerOk(t, { username: 'henry_lock' });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await callAction(t.app, 'login', { payload: { username: 'henry_lock', password: 'wrong' } })).status).toBe(400);
    }
    const locked = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: { username: 'henry_lock', password: 'secret123' },
    });
    expect(locked.json()).toMatchObject({
      status: 429,
      resultcode: false,
      msg: 'Too many failed attempts. Try again in 15 minutes.',
    });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // The member, from their own address, is not locked out by the failures made at this one.
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: '198.51.100.40',
      headers: { 'content-type': 'application/json' },
      payload: { username: 'henry_lock', password: 'secret123' },
    });
    expect(elsewhere.json()).toMatchObject({ status: 200, msg: 'Login successful' });
    // Another account is not affected.
    await registerOk(t, { username: 'henry_ok' });
    await loginOk(t, 'henry_ok');
  });

  it('clears the failure count after a successful login', async () => {
    await registerOk(t, { username: 'ivy_reset' });
    for (let attempt = 0; attempt < 4; attempt += 1)
      await callAction(t.app, 'login', { payload: { username: 'ivy_reset', password: 'wrong' } });
    await loginOk(t, 'ivy_reset');
    for (let attempt = 0; attempt < 4; attempt += 1)
      await callAction(t.app, 'login', { payload: { username: 'ivy_reset', password: 'wrong' } });
    await loginOk(t, 'ivy_reset');
  });
});

describe('updatepassword', () => {
  it('checks the current password, changes it, and signs out the other sessions', async () => {
    await registerOk(t, { username: 'jack_pw' });
    const token = await loginOk(t, 'jack_pw');
    const other = await loginOk(t, 'jack_pw');
    const wrong = await callAction(t.app, 'updatepassword', {
      token,
      payload: { curpassword: 'nothis', newpassword: 'newpass1', repassword: 'newpass1' },
    });
    expect(wrong).toMatchObject({ status: 400, resultcode: false, msg: 'Current password is incorrect' });
    const mismatch = await callAction(t.app, 'updatepassword', {
      token,
      payload: { curpassword: 'secret123', newpassword: 'newpass1', repassword: 'newpass2' },
    });
    expect(mismatch).toMatchObject({ status: 400, msg: "Passwords don't match" });
    const short = await callAction(t.app, 'updatepassword', {
      token,
      payload: { curpassword: 'secret123', newpassword: 'abc', repassword: 'abc' },
    });
    expect(short).toMatchObject({ status: 400, msg: 'Password must be at least 4 characters' });
    const ok = await callAction(t.app, 'updatepassword', {
      token,
      payload: { curpassword: 'secret123', newpassword: 'newpass1', repassword: 'newpass1' },
    });
    expect(ok).toMatchObject({ status: 200, resultcode: true, msg: 'Password changed successfully!' });
    expect((await callAction(t.app, 'auth', { token })).status).toBe(200);
    expect((await callAction(t.app, 'auth', { token: other })).status).toBe(401);
    expect((await callAction(t.app, 'login', { payload: { username: 'jack_pw', password: 'secret123' } })).status).toBe(400);
    await loginOk(t, 'jack_pw', 'newpass1');
  });

  it('needs a session', async () => {
    const res = await callAction(t.app, 'updatepassword', {
      payload: { curpassword: 'a', newpassword: 'abcd', repassword: 'abcd' },
    });
    expect(res.status).toBe(401);
  });
});
