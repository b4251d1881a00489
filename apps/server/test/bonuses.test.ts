import { describe, expect, it } from 'vitest';
import { SettableClock } from '../src/lib/clock.ts';
import { callAction } from './harness.ts';
import { useCountriesApp } from './countries-app.ts';
import { createMember, fund, shown, systemBalance, type TestMember } from './money-fixtures.ts';

/**
 * Daily and welcome bonuses through the action endpoint on a real PostgreSQL. The app clock starts at the real now
 * (sessions expire against it) and moves to tomorrow by hand; nothing sleeps.
 */
const clock = new SettableClock(new Date());
const DAY_MS = 24 * 60 * 60 * 1000;

const { t, c } = useCountriesApp({}, { clock });

/** A member under `sponsor` who deposits the KES fee and activates now (the app clock's now). */
async function activateUnder(sponsor: TestMember, countryId = c.kes): Promise<TestMember> {
  const m = await createMember(t, { countryId, sponsor });
  await fund(t, m.id, countryId === c.kes ? 50_000n : 1_700_000n);
  const res = await callAction(t.app, 'activateaccount', { method: 'POST', token: m.token, payload: {} });
  expect(res.status).toBe(200);
  return m;
}

async function sponsorWithToday(count: number, countryId = c.kes): Promise<TestMember> {
  const s = await createMember(t, { countryId, status: 'active' });
  for (let i = 0; i < count; i += 1) await activateUnder(s);
  return s;
}

const jumboMinor = async (memberId: bigint) =>
  BigInt(
    (
      await t.sql<{ b: string }>(
        `SELECT COALESCE((SELECT balance_minor FROM ledger_accounts WHERE member_id = $1 AND wallet = 'balance'), 0)::text AS b`,
        [memberId.toString()],
      )
    )[0]!.b,
  );
const claims = async (memberId: bigint, kind: string) =>
  (
    await t.sql<{ n: number }>('SELECT count(*)::int AS n FROM bonus_claims WHERE member_id = $1 AND kind = $2', [
      memberId.toString(),
      kind,
    ])
  )[0]!.n;
/** Sessions outlive the clock's moves (they are checked against the app clock). */
const extendSessions = () => t.sql(`UPDATE sessions SET expires_at = now() + interval '30 days'`);

describe('dailybonus', () => {
  it('refuses before the target with 422 LIMIT_NOT_MET, the reason in msg and in info, and moves nothing', async () => {
    const s = await sponsorWithToday(3);
    const before = await jumboMinor(s.id);
    const res = await callAction(t.app, 'dailybonus', { token: s.token });
    expect(res).toMatchObject({ httpStatus: 422, status: 422, resultcode: false, code: 'LIMIT_NOT_MET' });
    expect(res.msg).toBe('Daily target not reached: 3 of 5 points today. 2 more level-1 activations to go.');
    expect(res.info).toEqual([expect.objectContaining({ msg: res.msg, severity: 'warning' })]);
    expect(await jumboMinor(s.id)).toBe(before);
    expect(await claims(s.id, 'daily')).toBe(0);
    expect(await shown(t, s.id)).toMatchObject({ progress: 3, remaining: 2, percent: 60, dailyclaimed: false });
  });

  it('pays the reward into Jumbo once the five level-1 members activated today, with a notification', async () => {
    const s = await sponsorWithToday(5);
    const before = await jumboMinor(s.id);
    const house = await systemBalance(t, 'house:bonuses');
    const res = await callAction(t.app, 'dailybonus', { token: s.token });
    expect(res).toMatchObject({
      status: 200,
      resultcode: true,
      code: null,
      data: { kind: 'daily', amount: '100.00', currency: 'KES' },
    });
    expect(res.data.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await jumboMinor(s.id)).toBe(before + 10_000n);
    expect(await systemBalance(t, 'house:bonuses')).toBe(house - 10_000n);
    const user = await callAction(t.app, 'userdata', { token: s.token });
    expect(user.data.balances).toMatchObject({ progress: 5, remaining: 0, percent: 100, dailyclaimed: true });
    expect((user.info as { msg: string }[]).map((n) => n.msg)).toContain(
      'Daily bonus of KES 100.00 paid into your Jumbo wallet.',
    );
    const totals = await t.sql<{ total: string }>(
      `SELECT total_minor::text AS total FROM member_totals WHERE member_id = $1 AND bucket = 'daily_bonus'`,
      [s.id.toString()],
    );
    expect(totals[0]?.total).toBe('10000');
  });

  it('refuses a second claim the same day with 409 ALREADY_DONE (GET or POST), the reason in info', async () => {
    const s = await sponsorWithToday(5);
    expect((await callAction(t.app, 'dailybonus', { method: 'POST', token: s.token, payload: {} })).status).toBe(200);
    const after = await jumboMinor(s.id);
    for (const method of ['GET', 'POST'] as const) {
      const again = await callAction(t.app, 'dailybonus', {
        method,
        token: s.token,
        ...(method === 'POST' ? { payload: {} } : {}),
      });
      expect(again).toMatchObject({
        status: 409,
        code: 'ALREADY_DONE',
        msg: 'You have already claimed today’s daily bonus. Come back tomorrow.',
      });
      expect(again.info[0]).toMatchObject({ msg: again.msg, severity: 'warning' });
    }
    expect(await jumboMinor(s.id)).toBe(after);
    expect(await claims(s.id, 'daily')).toBe(1);
  });

  it('re-opens on the next operator day: points start again from zero, then a new claim pays', async () => {
    const s = await sponsorWithToday(5);
    expect((await callAction(t.app, 'dailybonus', { token: s.token })).status).toBe(200);
    await extendSessions();
    const today = clock.now();
    clock.set(new Date(today.getTime() + DAY_MS));
    try {
      expect(await shown(t, s.id)).toMatchObject({ progress: 0, remaining: 5, dailyclaimed: false });
      const early = await callAction(t.app, 'dailybonus', { token: s.token });
      expect(early).toMatchObject({ status: 422, code: 'LIMIT_NOT_MET' });
      for (let i = 0; i < 5; i += 1) await activateUnder(s);
      const before = await jumboMinor(s.id);
      const res = await callAction(t.app, 'dailybonus', { token: s.token });
      expect(res.status).toBe(200);
      expect(await jumboMinor(s.id)).toBe(before + 10_000n);
      expect(await claims(s.id, 'daily')).toBe(2);
      const days = await t.sql<{ day: string }>(`SELECT day::text AS day FROM bonus_claims WHERE member_id = $1 ORDER BY day`, [
        s.id.toString(),
      ]);
      expect(new Set(days.map((d) => d.day)).size).toBe(2);
    } finally {
      clock.set(today);
    }
  });

  it('pays once when 20 claims arrive together: one 200, nineteen 409', async () => {
    const s = await sponsorWithToday(5);
    const before = await jumboMinor(s.id);
    const results = await Promise.all(Array.from({ length: 20 }, () => callAction(t.app, 'dailybonus', { token: s.token })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((x) => x === 200)).toHaveLength(1);
    expect(statuses.filter((x) => x === 409)).toHaveLength(19);
    expect(results.filter((r) => r.status === 409).every((r) => r.code === 'ALREADY_DONE')).toBe(true);
    expect(await jumboMinor(s.id)).toBe(before + 10_000n);
    expect(await claims(s.id, 'daily')).toBe(1);
  });

  it('follows the operator settings and shows the reward in the member’s currency', async () => {
    await t.sql(
      `INSERT INTO settings (key, value) VALUES ('daily_target', '2'), ('daily_reward', '"50.00"') ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
    );
    try {
      const s = await createMember(t, { countryId: c.ugx, status: 'active' });
      await activateUnder(s);
      expect((await callAction(t.app, 'userdata', { token: s.token })).data.balances).toMatchObject({
        target: 2,
        reward: '1425.00',
        progress: 1,
      });
      expect((await callAction(t.app, 'dailybonus', { token: s.token })).msg).toBe(
        'Daily target not reached: 1 of 2 points today. 1 more level-1 activation to go.',
      );
      await activateUnder(s);
      const before = await jumboMinor(s.id); // the level-1 commissions
      const res = await callAction(t.app, 'dailybonus', { token: s.token });
      expect(res).toMatchObject({ status: 200, data: { amount: '1425.00', currency: 'UGX' } });
      expect(await jumboMinor(s.id)).toBe(before + 5_000n);
    } finally {
      await t.sql(`DELETE FROM settings WHERE key IN ('daily_target', 'daily_reward')`);
    }
  });

  it('is for signed-in active members only and takes GET or POST', async () => {
    const inactive = await createMember(t, { countryId: c.kes });
    expect(await callAction(t.app, 'dailybonus', { token: inactive.token })).toMatchObject({
      status: 403,
      code: 'ACCOUNT_INACTIVE',
    });
    expect(await callAction(t.app, 'dailybonus', {})).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect(await callAction(t.app, 'dailybonus', { token: 'not-a-token' })).toMatchObject({ status: 401 });
    const s = await createMember(t, { countryId: c.kes, status: 'active' });
    expect(await callAction(t.app, 'dailybonus', { method: 'PUT', token: s.token, payload: {} })).toMatchObject({
      status: 405,
      code: 'METHOD_NOT_ALLOWED',
    });
    expect(await callAction(t.app, 'dailybonus', { method: 'POST', token: s.token, payload: '[1,' })).toMatchObject({
      status: 400,
    });
  });

  it('is enforced by the database: a second claim row for the same member and day is refused', async () => {
    const s = await sponsorWithToday(5);
    expect((await callAction(t.app, 'dailybonus', { token: s.token })).status).toBe(200);
    const [row] = await t.sql<{ day: string; tx: string }>(
      `SELECT day::text AS day, transaction_id::text AS tx FROM bonus_claims WHERE member_id = $1`,
      [s.id.toString()],
    );
    await expect(
      t.sql(
        `INSERT INTO bonus_claims (member_id, kind, day, amount_minor, points, transaction_id) VALUES ($1, 'daily', $2, 1, 5, $3)`,
        [s.id.toString(), row!.day, row!.tx],
      ),
    ).rejects.toThrow(/duplicate key/);
    await expect(t.sql(`UPDATE bonus_claims SET amount_minor = 1 WHERE member_id = $1`, [s.id.toString()])).rejects.toThrow();
  });
});

describe('welcomebonus', () => {
  async function sponsorWithActive(count: number, countryId = c.kes): Promise<TestMember> {
    const s = await createMember(t, { countryId, status: 'active' });
    for (let i = 0; i < count; i += 1) await createMember(t, { countryId: c.kes, sponsor: s, status: 'active' });
    return s;
  }

  it('refuses below 15 active level-1 members (422, reason in info); inactive and deeper members do not count', async () => {
    const s = await sponsorWithActive(14);
    const l1 = await createMember(t, { countryId: c.kes, sponsor: s }); // inactive
    await createMember(t, { countryId: c.kes, sponsor: l1, status: 'active' }); // level 2
    const res = await callAction(t.app, 'welcomebonus', { token: s.token });
    expect(res).toMatchObject({
      status: 422,
      code: 'LIMIT_NOT_MET',
      msg: 'Welcome bonus not reached: 14 of 15 active level-1 members. 1 more to go.',
    });
    expect(res.info[0]).toMatchObject({ msg: res.msg });
    expect(await shown(t, s.id)).toMatchObject({
      welcome_target: 15,
      welcome_progress: 14,
      welcomeclaimed: false,
      welcome_reward: '100.00',
    });
    expect(await jumboMinor(s.id)).toBe(0n);
  });

  it('pays the welcome bonus once, ever: 200, then 409 ALREADY_DONE, also on another day', async () => {
    const s = await sponsorWithActive(15);
    const res = await callAction(t.app, 'welcomebonus', { token: s.token });
    expect(res).toMatchObject({ status: 200, data: { kind: 'welcome', amount: '100.00', currency: 'KES', day: null } });
    expect(await jumboMinor(s.id)).toBe(10_000n);
    const user = await callAction(t.app, 'userdata', { token: s.token });
    expect(user.data.balances).toMatchObject({ bonus: '100.00', welcomeclaimed: true, welcome_progress: 15 });
    expect((user.info as { msg: string }[]).map((n) => n.msg)).toContain(
      'Welcome bonus of KES 100.00 paid into your Jumbo wallet.',
    );
    expect(await callAction(t.app, 'welcomebonus', { method: 'POST', token: s.token, payload: {} })).toMatchObject({
      status: 409,
      code: 'ALREADY_DONE',
      msg: 'You have already claimed your welcome bonus.',
    });
    await extendSessions();
    const today = clock.now();
    clock.set(new Date(today.getTime() + 3 * DAY_MS));
    try {
      expect((await callAction(t.app, 'welcomebonus', { token: s.token })).status).toBe(409);
    } finally {
      clock.set(today);
    }
    expect(await jumboMinor(s.id)).toBe(10_000n);
    expect(await claims(s.id, 'welcome')).toBe(1);
  });

  it('pays once when 20 claims arrive together', async () => {
    const s = await sponsorWithActive(15);
    const results = await Promise.all(Array.from({ length: 20 }, () => callAction(t.app, 'welcomebonus', { token: s.token })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409 && r.code === 'ALREADY_DONE')).toHaveLength(19);
    expect(await jumboMinor(s.id)).toBe(10_000n);
    expect(await claims(s.id, 'welcome')).toBe(1);
  });

  it('uses the welcome_bonus setting (system currency), shown in the member’s currency', async () => {
    await t.sql(
      `INSERT INTO settings (key, value) VALUES ('welcome_bonus', '"250.00"') ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
    );
    try {
      const s = await sponsorWithActive(15, c.ugx);
      expect(await shown(t, s.id)).toMatchObject({ welcome_reward: '7125.00' });
      expect(await callAction(t.app, 'welcomebonus', { token: s.token })).toMatchObject({
        status: 200,
        data: { amount: '7125.00', currency: 'UGX' },
      });
      expect(await jumboMinor(s.id)).toBe(25_000n);
    } finally {
      await t.sql(`DELETE FROM settings WHERE key = 'welcome_bonus'`);
    }
  });

  it('is for active members only', async () => {
    const inactive = await createMember(t, { countryId: c.kes });
    expect(await callAction(t.app, 'welcomebonus', { token: inactive.token })).toMatchObject({
      status: 403,
      code: 'ACCOUNT_INACTIVE',
    });
    expect(await callAction(t.app, 'welcomebonus', {})).toMatchObject({ status: 401 });
  });
});
