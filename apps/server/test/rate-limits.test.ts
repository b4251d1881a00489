import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { SettableClock } from '../src/lib/clock.ts';
import { deleteExpiredCounters } from '../src/modules/rate-limits/rate-limits.repository.ts';
import { registerOk } from './auth-helpers.ts';
import { callAction, createTestApp, createTestAppOn, type TestApp } from './harness.ts';
import { perMinuteOf } from './rate-limit-helpers.ts';

const clock = new SettableClock(new Date('2026-03-02T08:00:00Z'));
let limited: TestApp;
beforeAll(async () => {
  limited = await createTestApp({ RATE_LIMIT_ENABLED: 'true' }, { clock });
});
afterAll(async () => limited.close());

const forwardedFor = (value: string) => ({ 'x-forwarded-for': value });
const counterKeys = async (t: TestApp, action: string) =>
  (await t.sql<{ key: string }>('SELECT key FROM rate_limit_counters WHERE key LIKE $1 ORDER BY key', [`ip:%:${action}`])).map(
    (row) => row.key,
  );

describe('per-IP limits of public actions (shared through PostgreSQL)', () => {
  it('sizes sign-in for carrier NAT: the 11th sign-in of a minute passes, the budget is the declared one', async () => {
    clock.advance(60_000);
    expect(perMinuteOf('login')).toBe(300);
    for (let attempt = 0; attempt < 11; attempt += 1) {
      expect((await callAction(limited.app, 'login', { payload: { username: `nobody${attempt}`, password: 'x' } })).status).toBe(
        400,
      );
    }
    // Spend the rest of the window's budget without 289 more password checks; the counter is the one requests use.
    await limited.sql("UPDATE rate_limit_counters SET hits = $1 WHERE key = 'ip:127.0.0.1:login'", [perMinuteOf('login') - 1]);
    expect((await callAction(limited.app, 'login', { payload: { username: 'nobody_last', password: 'x' } })).status).toBe(400);
    const refused = await callAction(limited.app, 'login', { payload: { username: 'nobody_over', password: 'x' } });
    expect(refused).toMatchObject({ httpStatus: 429, resultcode: false, code: 'RATE_LIMITED' });
    expect(refused.msg).toMatch(/^Too many requests\. Please wait \d+ seconds and try again\.$/);
    // Other actions have their own budget, and the window closes after a minute.
    expect((await callAction(limited.app, 'populateCountrys')).status).toBe(200);
    clock.advance(60_000);
    expect((await callAction(limited.app, 'login', { payload: { username: 'nobody_next', password: 'x' } })).status).toBe(400);
  });

  it('refuses the request past the forgotpassword budget with 429 and Retry-After', async () => {
    clock.advance(60_000);
    const budget = perMinuteOf('forgotpassword');
    for (let attempt = 0; attempt < budget; attempt += 1) {
      expect((await callAction(limited.app, 'forgotpassword', { payload: { username: 'someone' } })).status).toBe(200);
    }
    clock.advance(20_000);
    const response = await limited.app.inject({
      method: 'POST',
      url: '/api/forgotpassword',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":"someone"}',
    });
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toBe('40');
    expect(response.json()).toMatchObject({
      code: 'RATE_LIMITED',
      msg: 'Too many requests. Please wait 40 seconds and try again.',
    });
  });

  it('bounds the table: a prune deletes closed windows only', async () => {
    const closed = new Date(clock.now().getTime() - 1);
    await limited.sql(
      "INSERT INTO rate_limit_counters (key, hits, expires_at) VALUES ('ip:192.0.2.1:login', 3, $1), ('ip:192.0.2.2:login', 3, $1)",
      [closed],
    );
    const open = (
      await limited.sql<{ n: number }>('SELECT count(*)::int AS n FROM rate_limit_counters WHERE expires_at > $1', [clock.now()])
    )[0]?.n;
    expect(await deleteExpiredCounters(limited.app.deps.db, { before: clock.now(), limit: 1000 })).toBeGreaterThanOrEqual(2);
    expect(await limited.sql('SELECT key FROM rate_limit_counters WHERE expires_at <= $1', [clock.now()])).toEqual([]);
    expect((await limited.sql<{ n: number }>('SELECT count(*)::int AS n FROM rate_limit_counters'))[0]?.n).toBe(open);
  });
});

describe('TRUST_PROXY', () => {
  it('is off by default: X-Forwarded-For changes neither the rate-limit key nor the session address', async () => {
    clock.advance(60_000);
    await registerOk(limited, { username: 'xff_default' });
    const res = await callAction(limited.app, 'login', {
      payload: { username: 'xff_default', password: 'secret123' },
      headers: forwardedFor('203.0.113.7'),
    });
    expect(res.status).toBe(200);
    expect(await counterKeys(limited, 'login')).not.toContain('ip:203.0.113.7:login');
    expect(await counterKeys(limited, 'login')).toContain('ip:127.0.0.1:login');
    const [session] = await limited.sql<{ ip: string }>(
      "SELECT s.ip FROM sessions s JOIN members m ON m.id = s.member_id WHERE m.username = 'xff_default'",
    );
    expect(session?.ip).toBe('127.0.0.1');
  });

  it('with a hop count of 1 takes the address the nearest proxy saw, and each address has its own budget', async () => {
    const behindProxy = await createTestAppOn(limited.databaseUrl, { RATE_LIMIT_ENABLED: 'true', TRUST_PROXY: '1' }, { clock });
    try {
      clock.advance(60_000);
      await registerOk(limited, { username: 'xff_hops' });
      // The client wrote 198.51.100.9 itself; the proxy appended the address it saw, 203.0.113.8.
      const res = await callAction(behindProxy.app, 'login', {
        payload: { username: 'xff_hops', password: 'secret123' },
        headers: forwardedFor('198.51.100.9, 203.0.113.8'),
      });
      expect(res.status).toBe(200);
      const [session] = await behindProxy.sql<{ ip: string }>(
        "SELECT s.ip FROM sessions s JOIN members m ON m.id = s.member_id WHERE m.username = 'xff_hops'",
      );
      expect(session?.ip).toBe('203.0.113.8');
      expect(await counterKeys(behindProxy, 'login')).toContain('ip:203.0.113.8:login');
      expect(await counterKeys(behindProxy, 'login')).not.toContain('ip:198.51.100.9:login');

      await behindProxy.sql("UPDATE rate_limit_counters SET hits = $1 WHERE key = 'ip:203.0.113.8:login'", [
        perMinuteOf('login'),
      ]);
      const crowded = await callAction(behindProxy.app, 'login', {
        payload: { username: 'xff_hops', password: 'secret123' },
        headers: forwardedFor('203.0.113.8'),
      });
      expect(crowded.code).toBe('RATE_LIMITED');
      const elsewhere = await callAction(behindProxy.app, 'login', {
        payload: { username: 'xff_hops', password: 'secret123' },
        headers: forwardedFor('203.0.113.99'),
      });
      expect(elsewhere.status).toBe(200);
    } finally {
      await behindProxy.closeWithoutReconcile();
    }
  });

  it('with an address list follows X-Forwarded-For only from those proxies', async () => {
    const trusted = await createTestAppOn(
      limited.databaseUrl,
      { RATE_LIMIT_ENABLED: 'true', TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' },
      { clock },
    );
    const untrusted = await createTestAppOn(
      limited.databaseUrl,
      { RATE_LIMIT_ENABLED: 'true', TRUST_PROXY: '10.0.0.1' },
      { clock },
    );
    try {
      clock.advance(60_000);
      await callAction(trusted.app, 'forgotpassword', {
        payload: { username: 'someone' },
        headers: forwardedFor('203.0.113.20'),
      });
      await callAction(untrusted.app, 'forgotpassword', {
        payload: { username: 'someone' },
        headers: forwardedFor('203.0.113.21'),
      });
      const keys = await counterKeys(limited, 'forgotpassword');
      expect(keys).toContain('ip:203.0.113.20:forgotpassword');
      expect(keys).not.toContain('ip:203.0.113.21:forgotpassword');
    } finally {
      await untrusted.closeWithoutReconcile();
      await trusted.closeWithoutReconcile();
    }
  });

  it('parses off, a hop count, true and address lists, and stops the boot on anything else', () => {
    const trustOf = (value?: string) => loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).TRUST_PROXY;
    expect(trustOf()).toBe(false);
    expect(trustOf('')).toBe(false);
    expect(trustOf('false')).toBe(false);
    expect(trustOf('0')).toBe(false);
    expect(trustOf('2')).toBe(2);
    expect(trustOf('true')).toBe(true);
    expect(trustOf(' 10.0.0.1 , 2001:db8::/32,loopback ')).toEqual(['10.0.0.1', '2001:db8::/32', 'loopback']);
    for (const bad of ['yes', '10.0.0.300', '10.0.0.0/33', 'proxy.example.com', '11', '10.0.0.1,']) {
      expect(() => trustOf(bad), bad).toThrow(/TRUST_PROXY: /);
    }
  });
});

describe('limits of signed-in actions', () => {
  it('count each member, so members behind one carrier address do not share a budget', async () => {
    const { ensureTestCountries, createMember } = await import('./money-fixtures.ts');
    const { kes } = await ensureTestCountries(limited);
    const first = await createMember(limited, { countryId: kes });
    const second = await createMember(limited, { countryId: kes });
    const budget = perMinuteOf('activateaccount');
    for (let i = 0; i < budget; i += 1) {
      expect((await callAction(limited.app, 'activateaccount', { token: first.token, payload: {} })).httpStatus).not.toBe(429);
    }
    const refused = await callAction(limited.app, 'activateaccount', { token: first.token, payload: {} });
    expect(refused).toMatchObject({ httpStatus: 429, code: 'RATE_LIMITED' });
    // Same address, another member: a budget of their own.
    expect((await callAction(limited.app, 'activateaccount', { token: second.token, payload: {} })).httpStatus).not.toBe(429);
  });
});
