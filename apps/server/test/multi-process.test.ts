import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SettableClock } from '../src/lib/clock.ts';
import { loginOk, registerOk, signupPayload } from './auth-helpers.ts';
import { callAction, createTestApp, createTestAppOn, type TestApp } from './harness.ts';
import { perMinuteOf } from './rate-limit-helpers.ts';

// Two apps built on one database stand for two server processes behind one load balancer: they share nothing but
// PostgreSQL, exactly like two `npm start` processes with the same DATABASE_URL.
// One clock for both, as two hosts synchronised by NTP; the tests move it instead of sleeping.
const clock = new SettableClock(new Date('2026-03-02T08:00:00Z'));
let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  first = await createTestApp({ RATE_LIMIT_ENABLED: 'true' }, { clock });
  second = await createTestAppOn(first.databaseUrl, { RATE_LIMIT_ENABLED: 'true' }, { clock });
});
afterAll(async () => {
  await second.closeWithoutReconcile();
  await first.close();
});

describe('two processes on one database', () => {
  it('a lockout made through one process holds on the other, and a success on the other clears it for both', async () => {
    await registerOk(first, { username: 'two_proc' });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const app = attempt % 2 === 0 ? first.app : second.app;
      expect((await callAction(app, 'login', { payload: { username: 'two_proc', password: 'wrong-one' } })).status).toBe(400);
    }
    const refused = await callAction(second.app, 'login', { payload: { username: 'two_proc', password: 'secret123' } });
    expect(refused).toMatchObject({
      httpStatus: 429,
      status: 429,
      resultcode: false,
      code: 'RATE_LIMITED',
      msg: 'Too many failed attempts. Try again in 15 minutes.',
    });
    expect((await callAction(first.app, 'login', { payload: { username: 'two_proc', password: 'secret123' } })).code).toBe(
      'RATE_LIMITED',
    );

    await registerOk(first, { username: 'two_clear' });
    for (let attempt = 0; attempt < 4; attempt += 1)
      await callAction(first.app, 'login', { payload: { username: 'two_clear', password: 'wrong-one' } });
    await loginOk(second, 'two_clear');
    for (let attempt = 0; attempt < 4; attempt += 1)
      await callAction(first.app, 'login', { payload: { username: 'two_clear', password: 'wrong-one' } });
    await loginOk(second, 'two_clear');
  });

  it("counts a member's code guesses (recovercode) across both processes against one budget, whatever the session", async () => {
    clock.advance(60_000);
    await registerOk(first, { username: 'two_codes' });
    const sessions = [await loginOk(first, 'two_codes'), await loginOk(second, 'two_codes')];
    const budget = perMinuteOf('recovercode');
    for (let attempt = 0; attempt < budget; attempt += 1) {
      const app = attempt % 2 === 0 ? first.app : second.app;
      // An unreadable code is refused (400) after the shared limit counted it.
      expect((await callAction(app, 'recovercode', { token: sessions[attempt % 2], payload: {} })).status).toBe(400);
    }
    for (const [app, token] of [
      [first.app, sessions[1]],
      [second.app, sessions[0]],
    ] as const) {
      expect(await callAction(app, 'recovercode', { token, payload: {} })).toMatchObject({
        httpStatus: 429,
        code: 'RATE_LIMITED',
      });
    }
  });

  it("counts one address's sign-ups across both processes against one per-IP budget", async () => {
    clock.advance(60_000); // a fresh per-IP window: the sign-ups of the test above are in the previous one
    const perMinute = perMinuteOf('register');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < perMinute; attempt += 1) {
      const app = attempt % 2 === 0 ? first.app : second.app;
      statuses.push((await callAction(app, 'register', { payload: signupPayload() })).status);
    }
    expect(statuses.every((status) => status === 200)).toBe(true);
    const refused = await callAction(second.app, 'register', { payload: signupPayload() });
    expect(refused).toMatchObject({ httpStatus: 429, code: 'RATE_LIMITED' });
    expect(refused.msg).toMatch(/^Too many requests\. Please wait \d+ seconds and try again\.$/);
    expect((await callAction(first.app, 'register', { payload: signupPayload() })).code).toBe('RATE_LIMITED');
  });
});
