import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { loginOk, registerOk } from './auth-helpers.ts';
import { callAction, createTestApp, testEnv, type TestApp } from './harness.ts';

/** The bootstrap operator these tests start the app with. */
const BOSS = { TUZO_ADMIN_USERNAME: 'boss', TUZO_ADMIN_PASSWORD: 'boss-password-1' };

/** Starts the app again on the same database, as a restart would. */
async function restart(t: TestApp, env: Record<string, string>) {
  const config = loadConfig(testEnv(env));
  const app = await buildApp({ config, databaseUrl: t.databaseUrl });
  await app.ready();
  return app;
}

describe('reference data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('seeds the countries, fees, tariffs and the house account', async () => {
    const countries = await t.sql<{ abbreviation: string; currency: string; rate_micro: string; is_default: boolean }>(
      'SELECT abbreviation, currency, rate_micro, is_default FROM countries ORDER BY sort_order',
    );
    expect(countries.map((c) => [c.abbreviation, c.currency, c.rate_micro, c.is_default])).toEqual([
      ['KE', 'KES', '1000000', true],
      ['UG', 'UGX', '28500000', false],
      ['TZ', 'TZS', '19500000', false],
      ['NG', 'NGN', '11200000', false],
      ['INT', 'USD', '7700', false],
    ]);
    const [intl] = await t.sql(
      "SELECT f.creg_minor, f.fl1_minor, f.fl2_minor, f.fl3_minor, f.cbonus_minor, f.min_with_minor FROM country_fees f JOIN countries c ON c.id = f.country_id WHERE c.abbreviation = 'INT'",
    );
    expect(intl).toEqual({
      creg_minor: '1000',
      fl1_minor: '500',
      fl2_minor: '250',
      fl3_minor: '100',
      cbonus_minor: '100',
      min_with_minor: '200',
    });
    const [ke] = await t.sql(
      "SELECT f.creg_minor, f.fl1_minor, f.cbonus_minor, f.min_with_minor FROM country_fees f JOIN countries c ON c.id = f.country_id WHERE c.abbreviation = 'KE'",
    );
    expect(ke).toEqual({ creg_minor: '50000', fl1_minor: '25000', cbonus_minor: '10000', min_with_minor: '20000' });
    const brackets = await t.sql<{ n: number }>('SELECT country_id, count(*)::int AS n FROM tariff_brackets GROUP BY country_id');
    expect(brackets.map((b) => b.n)).toEqual([4, 4, 4, 4, 4]);
    const house = await t.sql('SELECT username, status, role FROM members WHERE is_house');
    expect(house).toEqual([{ username: 'tuzo_house', status: 'active', role: 'member' }]);
    expect(await t.sql('SELECT count(*)::int AS n FROM members WHERE NOT is_house')).toEqual([{ n: 0 }]);
  });

  it('is idempotent and keeps what an operator changed', async () => {
    await t.sql(
      "UPDATE country_fees SET creg_minor = 60000 WHERE country_id = (SELECT id FROM countries WHERE abbreviation = 'KE')",
    );
    const app = await restart(t, {});
    await app.close();
    expect(await t.sql('SELECT count(*)::int AS n FROM countries')).toEqual([{ n: 5 }]);
    expect(await t.sql('SELECT count(*)::int AS n FROM tariff_brackets')).toEqual([{ n: 20 }]);
    expect(await t.sql('SELECT count(*)::int AS n FROM members WHERE is_house')).toEqual([{ n: 1 }]);
    expect(
      await t.sql("SELECT creg_minor FROM country_fees WHERE country_id = (SELECT id FROM countries WHERE abbreviation = 'KE')"),
    ).toEqual([{ creg_minor: '60000' }]);
  });

  it('survives two apps starting on the same database at once', async () => {
    const apps = await Promise.all([restart(t, {}), restart(t, {})]);
    await Promise.all(apps.map((app) => app.close()));
    expect(await t.sql('SELECT count(*)::int AS n FROM countries')).toEqual([{ n: 5 }]);
  });
});

describe('operator from the environment', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(BOSS);
  });
  afterAll(async () => t.close());

  it('creates the operator, who can log in and is reported as admin', async () => {
    expect(await t.sql("SELECT role, status FROM members WHERE username = 'boss'")).toEqual([
      { role: 'operator', status: 'active' },
    ]);
    const token = await loginOk(t, 'boss', 'boss-password-1');
    const res = await callAction(t.app, 'userdata', { token });
    expect(res.data.userdetails).toMatchObject({ isadmin: true, account_status: true });
    expect(await t.sql("SELECT action FROM audit_log WHERE action = 'seed.operator_create'")).toHaveLength(1);
  });

  it('resets the operator password on the next start', async () => {
    const app = await restart(t, { TUZO_ADMIN_USERNAME: 'Boss', TUZO_ADMIN_PASSWORD: 'new-boss-pass' });
    await app.close();
    expect(await t.sql("SELECT count(*)::int AS n FROM members WHERE lower(username) = 'boss'")).toEqual([{ n: 1 }]);
    expect((await callAction(t.app, 'login', { payload: { username: 'boss', password: 'boss-password-1' } })).status).toBe(400);
    await loginOk(t, 'boss', 'new-boss-pass');
  });

  it('does not create an operator without the settings', async () => {
    const plain = await createTestApp();
    try {
      expect(await plain.sql("SELECT count(*)::int AS n FROM members WHERE role = 'operator'")).toEqual([{ n: 0 }]);
    } finally {
      await plain.close();
    }
  });
});

describe('demo content', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TUZO_DEMO_SEED: 'true', ...BOSS });
  });
  afterAll(async () => t.close());

  it('creates a three-level team with the demo password', async () => {
    const rows = await t.sql<{
      username: string;
      status: string;
      activated: boolean;
      email: string;
      phone: string;
      l1: string | null;
      l2: string | null;
      l3: string | null;
    }>(
      `SELECT m.username, m.status, m.activated_at IS NOT NULL AS activated, m.email, m.phone, a.username AS l1, b.username AS l2, c.username AS l3
         FROM members m LEFT JOIN members a ON a.id = m.l1_id LEFT JOIN members b ON b.id = m.l2_id LEFT JOIN members c ON c.id = m.l3_id
        WHERE m.username LIKE 'demo\\_%' ORDER BY m.id`,
    );
    expect(rows.map((r) => [r.username, r.status, r.activated, r.l1, r.l2, r.l3])).toEqual([
      ['demo_sponsor', 'active', true, 'tuzo_house', null, null],
      ['demo_l1', 'active', true, 'demo_sponsor', 'tuzo_house', null],
      ['demo_l2', 'active', true, 'demo_l1', 'demo_sponsor', 'tuzo_house'],
      ['demo_l3', 'inactive', false, 'demo_l2', 'demo_l1', 'demo_sponsor'],
      ['demo_new', 'inactive', false, 'demo_sponsor', 'tuzo_house', null],
    ]);
    expect(rows.every((r) => r.email === `${r.username}@tuzo.local` && r.phone.startsWith('+2547'))).toBe(true);
    const token = await loginOk(t, 'demo_l1', 'demo1234');
    expect((await callAction(t.app, 'userdata', { token })).data.userdetails.l1).toBe('demo_sponsor');
  });

  it('gives the demo team real money: starting deposits, paid activation fees and commissions', async () => {
    const wallets = async (username: string) => {
      const { balances } = (await callAction(t.app, 'userdata', { token: await loginOk(t, username, 'demo1234') })).data;
      return { deposit: balances.deposit, balance: balances.balance, actbal: balances.actbal };
    };
    // Kenya: fee 500, commissions 250 / 150 / 50. demo_sponsor earns l1 from demo_l1 and l2 from demo_l2.
    expect(await wallets('demo_sponsor')).toEqual({ deposit: '1500.00', balance: '400.00', actbal: '0.00' });
    expect(await wallets('demo_l1')).toEqual({ deposit: '500.00', balance: '250.00', actbal: '0.00' });
    expect(await wallets('demo_l2')).toEqual({ deposit: '0.00', balance: '0.00', actbal: '0.00' });
    expect(await wallets('demo_new')).toEqual({ deposit: '0.00', balance: '0.00', actbal: '500.00' });
    const kinds = await t.sql<{ kind: string; n: number }>(
      `SELECT kind, count(*)::int AS n FROM ledger_transactions GROUP BY kind ORDER BY kind`,
    );
    expect(kinds).toEqual([
      { kind: 'activation', n: 3 },
      { kind: 'commission_l1', n: 2 },
      { kind: 'commission_l2', n: 1 },
      { kind: 'deposit', n: 3 },
    ]);
    // The demo members' phones are made up: their money events send no SMS.
    expect(await t.sql('SELECT id FROM sms_outbox')).toEqual([]);
  });

  it("shows each starting deposit in the member's deposit history, backed by its ledger posting", async () => {
    const token = await loginOk(t, 'demo_sponsor', 'demo1234');
    const { history } = (await callAction(t.app, 'deposithistory', { token })).data;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      Amount: '2000.00',
      Phone: '+254700000101',
      'Transaction Code': 'DEMO-SPONSOR',
      Status: 2,
    });
    const unlinked = await t.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM ledger_transactions lt
        WHERE lt.kind = 'deposit' AND NOT EXISTS (SELECT 1 FROM deposits d WHERE d.ledger_transaction_id = lt.id AND d.status = 2)`,
    );
    expect(unlinked).toEqual([{ n: 0 }]);
  });

  it('is added only to a system without real members', async () => {
    const fresh = await createTestApp(BOSS);
    try {
      await registerOk(fresh, { username: 'real_one' });
      const app = await restart(fresh, { TUZO_DEMO_SEED: 'true', ...BOSS });
      await app.close();
      expect(await fresh.sql("SELECT count(*)::int AS n FROM members WHERE username LIKE 'demo\\_%'")).toEqual([{ n: 0 }]);
      // With only the house account and the operator, the same start adds it.
      await fresh.sql("DELETE FROM members WHERE username = 'real_one'");
      const again = await restart(fresh, { TUZO_DEMO_SEED: 'true', ...BOSS });
      await again.close();
      expect(await fresh.sql("SELECT count(*)::int AS n FROM members WHERE username LIKE 'demo\\_%'")).toEqual([{ n: 5 }]);
    } finally {
      await fresh.close();
    }
  });
});
