import { describe, expect, it } from 'vitest';
import { reconcileLedger } from '../src/ledger/reconcile.ts';
import { SettableClock } from '../src/lib/clock.ts';
import { callAction } from './harness.ts';
import { useCountriesApp } from './countries-app.ts';
import { fund, systemBalance, wallets, type TestMember } from './money-fixtures.ts';
import { oneCallRewards } from './one-call-rewards.ts';

/**
 * `dailybonus` and `welcomebonus` in one call to PostgreSQL each (bonuses_claim, migration 0528, decision 065): the
 * statements after the session check (before: a claim 2, a refusal 1), the answers and the rows the movement writes
 * (as recordMovement wrote them), `off`, a stale reference copy reloaded, and the reconcile. Every fixture runs on
 * the test's clock (2026-11-25 09:00 UTC, 12:00 in Nairobi), never the database's now().
 */
const clock = new SettableClock(new Date('2026-11-25T09:00:00Z'));
const app = useCountriesApp({}, { clock });
const { t, c } = app;
const { member, tripsOf, movementRows } = oneCallRewards(app);

const CLAIM = 'SELECT bonuses_claim($1::jsonb) AS r';

/** Five level-1 members activated today (the app clock's today) under a new sponsor. */
async function sponsorWithToday(count: number): Promise<TestMember> {
  const s = await member();
  for (let i = 0; i < count; i += 1) {
    const d = await member({ status: 'inactive', sponsor: s });
    await fund(t, d.id, 50_000n);
    expect((await callAction(t.app, 'activateaccount', { method: 'POST', token: d.token, payload: {} })).status).toBe(200);
  }
  return s;
}

describe('dailybonus and welcomebonus in one call', () => {
  it('claims the daily bonus in one statement, refusals too, writing what recordMovement wrote', async () => {
    const s = await sponsorWithToday(3);
    const early = await tripsOf(s, 'dailybonus');
    expect(early.res).toMatchObject({ status: 422, code: 'LIMIT_NOT_MET' });
    expect(early.res.msg).toBe('Daily target not reached: 3 of 5 points today. 2 more level-1 activations to go.');
    expect(early.res.info).toEqual([{ msg: early.res.msg, severity: 'warning', time: clock.now().toISOString() }]);
    expect(early.trips).toEqual([CLAIM]);
    for (let i = 0; i < 2; i += 1) {
      const d = await member({ status: 'inactive', sponsor: s });
      await fund(t, d.id, 50_000n);
      expect((await callAction(t.app, 'activateaccount', { method: 'POST', token: d.token, payload: {} })).status).toBe(200);
    }
    const before = (await wallets(t, s.id)).balance;
    const house = await systemBalance(t, 'house:bonuses');
    const paid = await tripsOf(s, 'dailybonus');
    expect(paid.trips).toEqual([CLAIM]);
    expect(paid.res).toMatchObject({
      status: 200,
      msg: 'Daily bonus of KES 100.00 claimed',
      data: { kind: 'daily', amount: '100.00', currency: 'KES', day: '2026-11-25' },
    });
    expect((await wallets(t, s.id)).balance - before).toBe(10_000n);
    expect(await systemBalance(t, 'house:bonuses')).toBe(house - 10_000n);
    const claims = await t.sql(
      `SELECT kind, day::text AS day, amount_minor::text AS amount, points, created_at FROM bonus_claims WHERE member_id = $1`,
      [s.id.toString()],
    );
    expect(claims).toEqual([{ kind: 'daily', day: '2026-11-25', amount: '10000', points: 5, created_at: clock.now() }]);
    const rows = await movementRows(s, 'daily_bonus', 'bonus.daily');
    expect(rows.tx).toEqual({
      idempotency_key: `daily_bonus:${s.id}:2026-11-25`,
      memo: 'Daily bonus 2026-11-25',
      rate_micro: '1000000',
      local_amount_minor: '10000',
      local_currency: 'KES',
      request: { kind: 'daily_bonus', day: '2026-11-25' },
      created_at: clock.now(),
    });
    expect(rows.notes).toContainEqual({ msg: 'Daily bonus of KES 100.00 paid into your Jumbo wallet.', severity: 'success' });
    expect(rows.audit).toMatchObject({ actor: s.id.toString(), target_type: 'member' });
    expect(rows.audit!.after).toEqual({
      transaction_id: expect.any(String),
      day: '2026-11-25',
      amount_minor: '10000',
      points: 5,
    });

    const again = await tripsOf(s, 'dailybonus');
    expect(again.trips).toEqual([CLAIM]);
    expect(again.res).toMatchObject({
      status: 409,
      code: 'ALREADY_DONE',
      msg: 'You have already claimed today’s daily bonus. Come back tomorrow.',
    });
  });

  it('answers `off` for a reward of 0 and retries a stale reference copy with the new settings', async () => {
    const s = await sponsorWithToday(2);
    await t.sql(
      `INSERT INTO settings (key, value) VALUES ('daily_target', '2'), ('daily_reward', '"0.00"') ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
    );
    try {
      const off = await tripsOf(s, 'dailybonus');
      expect(off.trips).toEqual([CLAIM]);
      expect(off.res).toMatchObject({ status: 422, code: 'LIMIT_NOT_MET', msg: 'There is no daily bonus to claim today.' });
      // The process's copy is now behind: the call answers `stale`, the copy is reloaded and the call made again.
      await t.sql(`UPDATE settings SET value = '"50.00"' WHERE key = 'daily_reward'`);
      const paid = await tripsOf(s, 'dailybonus', undefined, { loadReference: false });
      expect(paid.trips.filter((text) => text === CLAIM)).toHaveLength(2);
      expect(paid.res).toMatchObject({ status: 200, data: { amount: '50.00', currency: 'KES' } });
    } finally {
      await t.sql(`DELETE FROM settings WHERE key IN ('daily_target', 'daily_reward')`);
    }
  });

  it('claims the welcome bonus in one statement, refusals too', async () => {
    const s = await member({ countryId: c.ugx });
    for (let i = 0; i < 14; i += 1) await member({ sponsor: s });
    const early = await tripsOf(s, 'welcomebonus');
    expect(early.trips).toEqual([CLAIM]);
    expect(early.res).toMatchObject({
      status: 422,
      code: 'LIMIT_NOT_MET',
      msg: 'Welcome bonus not reached: 14 of 15 active level-1 members. 1 more to go.',
    });
    await member({ sponsor: s });
    const paid = await tripsOf(s, 'welcomebonus');
    expect(paid.trips).toEqual([CLAIM]);
    expect(paid.res).toMatchObject({ status: 200, data: { kind: 'welcome', amount: '2850.00', currency: 'UGX', day: null } });
    expect((await wallets(t, s.id)).balance).toBe(10_000n);
    const rows = await movementRows(s, 'welcome_bonus', 'bonus.welcome');
    expect(rows.tx).toMatchObject({
      idempotency_key: `welcome_bonus:${s.id}`,
      memo: 'Welcome bonus',
      local_amount_minor: '285000',
      local_currency: 'UGX',
      request: { kind: 'welcome_bonus', day: null },
    });
    expect(rows.notes).toContainEqual({ msg: 'Welcome bonus of UGX 2850.00 paid into your Jumbo wallet.', severity: 'success' });
    expect(rows.audit!.after).toEqual({ transaction_id: expect.any(String), day: null, amount_minor: '10000', points: 15 });
    const again = await tripsOf(s, 'welcomebonus');
    expect(again.trips).toEqual([CLAIM]);
    expect(again.res).toMatchObject({ status: 409, code: 'ALREADY_DONE', msg: 'You have already claimed your welcome bonus.' });
  });

  it('leaves the ledger reconciled', async () => {
    const report = await reconcileLedger(t.app.deps.db);
    expect(report.ok).toBe(true);
  });
});
