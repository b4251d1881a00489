import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SettableClock } from '../src/lib/clock.ts';
import { ACCOUNT_DAY_LIMIT, ADDRESS_DAY_LIMIT, ADDRESS_LIMIT } from '../src/modules/auth/login-lockout.ts';
import { registerOk } from './auth-helpers.ts';
import { createTestApp, type TestApp } from './harness.ts';

const LOCKED = 'Too many failed attempts. Try again in 15 minutes.';
const clock = new SettableClock(new Date('2026-03-02T08:00:00Z'));
let t: TestApp;
beforeAll(async () => {
  // The per-IP limits are off (the harness default): the sign-in lockout works regardless.
  t = await createTestApp({}, { clock });
});
afterAll(async () => t.close());

const STRANGER = '203.0.113.66';
const MEMBER_PHONE = '198.51.100.7';

/** A sign-in from `ip` (the TCP peer: TRUST_PROXY is off), answering the envelope and the Retry-After header. */
async function loginFrom(ip: string, username: string, password: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: ip,
    headers: { 'content-type': 'application/json' },
    payload: { username, password },
  });
  return {
    ...(response.json() as { status: number; msg: string; code: string | null }),
    retryAfter: response.headers['retry-after'],
  };
}
const wrongFrom = (ip: string, username: string) => loginFrom(ip, username, 'wrong-one');
const rightFrom = (ip: string, username: string) => loginFrom(ip, username, 'secret123');
const memberId = async (username: string) =>
  (await t.sql<{ id: string }>('SELECT id FROM members WHERE username = $1', [username]))[0]!.id;
const hitsOf = async (key: string) =>
  (await t.sql<{ hits: number }>('SELECT hits FROM rate_limit_counters WHERE key = $1', [key]))[0]?.hits ?? 0;

describe('sign-in lockout: a stranger slows only the stranger', () => {
  it("locks the account at the stranger's address after 5 failures, with Retry-After, while the member signs in from another address", async () => {
    await registerOk(t, { username: 'lock_time' });
    for (let attempt = 0; attempt < ADDRESS_LIMIT.max - 1; attempt += 1)
      expect((await wrongFrom(STRANGER, 'lock_time')).status).toBe(400);
    clock.advance(60_000);
    expect((await wrongFrom(STRANGER, 'lock_time')).status).toBe(400);
    const locked = await rightFrom(STRANGER, 'lock_time');
    expect(locked).toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      msg: 'Too many failed attempts. Try again in 14 minutes.',
      retryAfter: String(14 * 60),
    });
    // The member is not locked out: from their phone's address the right password signs in.
    expect(await rightFrom(MEMBER_PHONE, 'lock_time')).toMatchObject({ status: 200, msg: 'Login successful' });
    clock.advance(ADDRESS_LIMIT.windowMs - 60_000 - 30_000);
    expect(await rightFrom(STRANGER, 'lock_time')).toMatchObject({
      status: 429,
      msg: 'Too many failed attempts. Try again in 1 minute.',
      retryAfter: '30',
    });
    clock.advance(30_000);
    expect((await rightFrom(STRANGER, 'lock_time')).status).toBe(200);
  });

  it('never locks failures spread wider than the window', async () => {
    await registerOk(t, { username: 'lock_slow' });
    for (let attempt = 0; attempt < 12; attempt += 1) {
      expect((await wrongFrom(STRANGER, 'lock_slow')).status).toBe(400);
      clock.advance(ADDRESS_LIMIT.windowMs / 4);
    }
    expect((await rightFrom(STRANGER, 'lock_slow')).status).toBe(200);
  });

  it('counts a burst of parallel guesses before checking them: only 5 reach the password check', async () => {
    await registerOk(t, { username: 'lock_burst' });
    const results = await Promise.all(Array.from({ length: 12 }, () => wrongFrom(STRANGER, 'lock_burst')));
    expect(results.filter((r) => r.status === 400)).toHaveLength(ADDRESS_LIMIT.max);
    expect(results.filter((r) => r.status === 429 && r.msg === LOCKED)).toHaveLength(12 - ADDRESS_LIMIT.max);
  });

  it("caps one address at 20 failures a day on an account, so it cannot run up the account's hard lock alone", async () => {
    await registerOk(t, { username: 'lock_day' });
    for (let window = 0; window < ADDRESS_DAY_LIMIT.max / ADDRESS_LIMIT.max; window += 1) {
      for (let attempt = 0; attempt < ADDRESS_LIMIT.max; attempt += 1)
        expect((await wrongFrom(STRANGER, 'lock_day')).status).toBe(400);
      clock.advance(ADDRESS_LIMIT.windowMs);
    }
    const refused = await wrongFrom(STRANGER, 'lock_day');
    expect(refused).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    expect(refused.msg).toMatch(/^Too many failed attempts\. Try again in (23|24) hours\.$/);
    expect(Number(refused.retryAfter)).toBeGreaterThan(22 * 3600);
    expect(await hitsOf(`login-day:${await memberId('lock_day')}`)).toBe(ADDRESS_DAY_LIMIT.max);
    expect((await rightFrom(MEMBER_PHONE, 'lock_day')).status).toBe(200);
  });

  it('hard-locks the account after 100 failures in a day from many addresses, audited once', async () => {
    await registerOk(t, { username: 'lock_hard' });
    const id = await memberId('lock_hard');
    // 98 failures from many addresses, written as the counter holds them rather than as 98 password checks.
    await t.sql('INSERT INTO rate_limit_counters (key, hits, expires_at) VALUES ($1, $2, $3)', [
      `login-day:${id}`,
      ACCOUNT_DAY_LIMIT.max - 2,
      new Date(clock.now().getTime() + ACCOUNT_DAY_LIMIT.windowMs),
    ]);
    expect((await wrongFrom('192.0.2.1', 'lock_hard')).status).toBe(400);
    expect((await wrongFrom('192.0.2.2', 'lock_hard')).status).toBe(400);
    expect(await hitsOf(`login-day:${id}`)).toBe(ACCOUNT_DAY_LIMIT.max);
    const locked = await rightFrom(MEMBER_PHONE, 'lock_hard');
    expect(locked).toMatchObject({ status: 429, code: 'RATE_LIMITED', msg: 'Too many failed attempts. Try again in 24 hours.' });
    expect(Number(locked.retryAfter)).toBe(ACCOUNT_DAY_LIMIT.windowMs / 1000);
    expect((await rightFrom('192.0.2.3', 'lock_hard')).status).toBe(429);
    const audit = await t.sql<{ action: string; after: { scope: string } }>(
      "SELECT action, after FROM audit_log WHERE action = 'auth.lockout' AND target_id = $1",
      [id],
    );
    expect(audit).toEqual([{ action: 'auth.lockout', after: expect.objectContaining({ scope: 'account_day' }) }]);
    clock.advance(ACCOUNT_DAY_LIMIT.windowMs);
    expect((await rightFrom(MEMBER_PHONE, 'lock_hard')).status).toBe(200);
  });

  it("a right password clears the address's failures and is not itself counted as a failure", async () => {
    await registerOk(t, { username: 'lock_clear' });
    const id = await memberId('lock_clear');
    for (let attempt = 0; attempt < ADDRESS_LIMIT.max - 1; attempt += 1) await wrongFrom(STRANGER, 'lock_clear');
    expect((await rightFrom(STRANGER, 'lock_clear')).status).toBe(200);
    expect(
      await t.sql('SELECT key FROM rate_limit_counters WHERE key IN ($1, $2)', [
        `login:${id}:${STRANGER}`,
        `login-day:${id}:${STRANGER}`,
      ]),
    ).toEqual([]);
    expect(await hitsOf(`login-day:${id}`)).toBe(ADDRESS_LIMIT.max - 1);
    for (let attempt = 0; attempt < ADDRESS_LIMIT.max - 1; attempt += 1) await wrongFrom(STRANGER, 'lock_clear');
    expect(await hitsOf(`login:${id}:${STRANGER}`)).toBe(ADDRESS_LIMIT.max - 1);
    expect((await rightFrom(STRANGER, 'lock_clear')).status).toBe(200);
    expect(await hitsOf(`login-day:${id}`)).toBe(2 * (ADDRESS_LIMIT.max - 1));
  });
});
