import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SettableClock } from '../src/lib/clock.ts';
import { LOGIN_LIMIT } from '../src/modules/auth/login-lockout.ts';
import { loginOk, registerOk } from './auth-helpers.ts';
import { callAction, createTestApp, type TestApp } from './harness.ts';

const LOCKED = 'Too many failed attempts. Try again in 15 minutes.';
const clock = new SettableClock(new Date('2026-03-02T08:00:00Z'));
let t: TestApp;
beforeAll(async () => {
  // The per-IP limits are off (the harness default): the per-account lockout works regardless.
  t = await createTestApp({}, { clock });
});
afterAll(async () => t.close());

const wrongLogin = (username: string) => callAction(t.app, 'login', { payload: { username, password: 'wrong-one' } });
const rightLogin = (username: string) => callAction(t.app, 'login', { payload: { username, password: 'secret123' } });

describe('login lockout (per account, in PostgreSQL)', () => {
  it('locks after 5 failures, says how long, and opens again when the 15-minute window closes', async () => {
    await registerOk(t, { username: 'lock_time' });
    for (let attempt = 0; attempt < LOGIN_LIMIT.max - 1; attempt += 1) expect((await wrongLogin('lock_time')).status).toBe(400);
    clock.advance(60_000);
    expect((await wrongLogin('lock_time')).status).toBe(400);
    expect(await rightLogin('lock_time')).toMatchObject({ status: 429, code: 'RATE_LIMITED', msg: 'Too many failed attempts. Try again in 14 minutes.' });
    clock.advance(LOGIN_LIMIT.windowMs - 60_000 - 30_000);
    expect(await rightLogin('lock_time')).toMatchObject({ status: 429, msg: 'Too many failed attempts. Try again in 1 minute.' });
    clock.advance(30_000);
    await loginOk(t, 'lock_time');
  });

  it('never locks failures spread wider than the window', async () => {
    await registerOk(t, { username: 'lock_slow' });
    for (let attempt = 0; attempt < 12; attempt += 1) {
      expect((await wrongLogin('lock_slow')).status).toBe(400);
      clock.advance(LOGIN_LIMIT.windowMs / 4);
    }
    await loginOk(t, 'lock_slow');
  });

  it('counts a burst of parallel guesses before checking them: only 5 reach the password check', async () => {
    await registerOk(t, { username: 'lock_burst' });
    const results = await Promise.all(Array.from({ length: 12 }, () => wrongLogin('lock_burst')));
    expect(results.filter((r) => r.status === 400)).toHaveLength(LOGIN_LIMIT.max);
    expect(results.filter((r) => r.status === 429 && r.msg === LOCKED)).toHaveLength(12 - LOGIN_LIMIT.max);
  });

  it('forgets the failures after a successful login, and keeps one row per account', async () => {
    await registerOk(t, { username: 'lock_clear' });
    for (let attempt = 0; attempt < LOGIN_LIMIT.max - 1; attempt += 1) await wrongLogin('lock_clear');
    await loginOk(t, 'lock_clear');
    const [member] = await t.sql<{ id: string }>("SELECT id FROM members WHERE username = 'lock_clear'");
    expect(await t.sql('SELECT key FROM rate_limit_counters WHERE key = $1', [`login:${member?.id}`])).toHaveLength(0);
    for (let attempt = 0; attempt < LOGIN_LIMIT.max - 1; attempt += 1) await wrongLogin('lock_clear');
    const rows = await t.sql<{ hits: number }>('SELECT hits FROM rate_limit_counters WHERE key = $1', [`login:${member?.id}`]);
    expect(rows).toEqual([{ hits: LOGIN_LIMIT.max - 1 }]);
    await loginOk(t, 'lock_clear');
  });
});
