import { describe, expect, it } from 'vitest';
import { callAction } from './harness.ts';
import { createMember, fund, shown, systemBalance, wallets, type TestMember } from './money-fixtures.ts';
import { useCountriesApp, useMember } from './countries-app.ts';

const { t, c } = useCountriesApp();
const sponsor = useMember({ t, c }, { status: 'active' });
const l1 = useMember({ t, c }, { status: 'active', sponsor });
const l2 = useMember({ t, c }, { status: 'active', sponsor: l1 });

const activate = (member: TestMember) =>
  callAction(t.app, 'activateaccount', { method: 'POST', token: member.token, payload: {} });

describe('activateaccount', () => {
  it('refuses without enough deposit, says what is missing, and charges nothing', async () => {
    const m = await createMember(t, { countryId: c.kes, sponsor: l2 });
    await fund(t, m.id, 12_345n);
    const res = await activate(m);
    expect(res).toMatchObject({
      status: 422,
      resultcode: false,
      msg: 'Insufficient deposit balance. Deposit KES 376.55 to activate your account.',
    });
    expect((await wallets(t, m.id)).deposit).toBe(12_345n);
    expect((await shown(t, m.id)).actbal).toBe('376.55');
    const rows = await t.sql('SELECT status FROM members WHERE id = $1', [m.id.toString()]);
    expect(rows[0]).toEqual({ status: 'inactive' });
  });

  it('takes the fee from deposit, pays three uplines, marks active; a second call is 409 and charges nothing', async () => {
    const m = await createMember(t, { countryId: c.kes, sponsor: l2 });
    await fund(t, m.id, 60_000n);
    const before = { s: await wallets(t, sponsor.id), a: await wallets(t, l1.id), b: await wallets(t, l2.id) };
    const feesBefore = await systemBalance(t, 'house:fees');
    const res = await activate(m);
    expect(res).toMatchObject({ status: 200, resultcode: true, msg: 'Account activated successfully! Welcome aboard!' });
    expect(res.data).toMatchObject({ fee: '500.00', currency: 'KES', commissions_paid: 3 });
    expect(await wallets(t, m.id)).toMatchObject({ deposit: 10_000n, balance: 0n });
    expect((await wallets(t, l2.id)).balance - before.b.balance).toBe(25_000n);
    expect((await wallets(t, l1.id)).balance - before.a.balance).toBe(15_000n);
    expect((await wallets(t, sponsor.id)).balance - before.s.balance).toBe(5_000n);
    expect((await systemBalance(t, 'house:fees')) - feesBefore).toBe(50_000n);
    const view = await shown(t, m.id);
    expect(view).toMatchObject({ deposit: '100.00', actbal: '0.00', expense: '600.00', balance: '0.00' });
    expect((await shown(t, l2.id)).profit).toBe('250.00');
    const member = await t.sql<{ status: string; activated: boolean }>(
      'SELECT status, activated_at IS NOT NULL AS activated FROM members WHERE id = $1',
      [m.id.toString()],
    );
    expect(member[0]).toEqual({ status: 'active', activated: true });

    const again = await activate(m);
    expect(again).toMatchObject({ status: 409, msg: 'Your account is already active' });
    expect((await wallets(t, m.id)).deposit).toBe(10_000n);
  });

  it('skips suspended uplines and the house account', async () => {
    const house = await createMember(t, { countryId: c.kes, status: 'active', isHouse: true });
    const suspended = await createMember(t, { countryId: c.kes, status: 'suspended', sponsor: house });
    const direct = await createMember(t, { countryId: c.kes, status: 'active', sponsor: suspended });
    const m = await createMember(t, { countryId: c.kes, sponsor: direct });
    await fund(t, m.id, 50_000n);
    const res = await activate(m);
    expect(res.status).toBe(200);
    expect(res.data.commissions_paid).toBe(1);
    expect((await wallets(t, direct.id)).balance).toBe(25_000n);
    expect((await wallets(t, suspended.id)).balance).toBe(0n);
    expect((await wallets(t, house.id)).balance).toBe(0n);
  });

  it('converts a foreign fee and commissions at the country rate and records the rate', async () => {
    const up = await createMember(t, { countryId: c.kes, status: 'active' });
    const m = await createMember(t, { countryId: c.ugx, sponsor: up });
    // UGX 17,000 at 28.5 UGX per KES is KES 596.49 (rounded half up to the cent).
    expect((await shown(t, m.id)).actbal).toBe('17000.00');
    await fund(t, m.id, 59_648n);
    const short = await activate(m);
    expect(short.msg).toBe('Insufficient deposit balance. Deposit UGX 0.15 to activate your account.');
    await fund(t, m.id, 1n);
    const res = await activate(m);
    expect(res).toMatchObject({ status: 200, data: { fee: '17000.00', currency: 'UGX' } });
    expect((await wallets(t, m.id)).deposit).toBe(0n);
    expect((await wallets(t, up.id)).balance).toBe(28_070n); // UGX 8,000 / 28.5 = KES 280.70
    const tx = await t.sql(
      `SELECT rate_micro::text, local_amount_minor::text, local_currency FROM ledger_transactions WHERE kind = 'activation' AND member_id = $1`,
      [m.id.toString()],
    );
    expect(tx[0]).toEqual({ rate_micro: '28500000', local_amount_minor: '1700000', local_currency: 'UGX' });
  });

  it('lets exactly one of 10 concurrent activations charge', async () => {
    const m = await createMember(t, { countryId: c.kes, sponsor: l2 });
    await fund(t, m.id, 200_000n);
    const results = await Promise.all(Array.from({ length: 10 }, () => activate(m)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(9);
    expect((await wallets(t, m.id)).deposit).toBe(150_000n);
  });

  it('needs a session', async () => {
    const res = await callAction(t.app, 'activateaccount', { method: 'POST', payload: {} });
    expect(res.status).toBe(401);
  });
});
