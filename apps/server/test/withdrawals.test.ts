import { describe, expect, it } from 'vitest';
import { callAction } from './harness.ts';
import { createMember, fund, shown, systemBalance, wallets, type TestMember } from './money-fixtures.ts';
import { useCountriesApp, useMember } from './countries-app.ts';

const { t, c } = useCountriesApp();
const operator = useMember({ t, c }, { status: 'active', role: 'operator' });

const withdraw = (m: TestMember, payload: unknown, headers: Record<string, string> = {}) =>
  callAction(t.app, 'systemwithdrawal', { method: 'POST', token: m.token, payload, headers });
const decide = (tid: string, value: 1 | 2, token = operator.token) =>
  callAction(t.app, 'updatetrans', { method: 'POST', token, payload: { tid, value } });

async function richMember(amountMinor = 100_000n): Promise<TestMember> {
  const m = await createMember(t, { countryId: c.kes, status: 'active' });
  await fund(t, m.id, amountMinor, 'balance');
  return m;
}

describe('systemwithdrawal validation', () => {
  it.each([
    [{ acc: '1', amount: '-10' }, 'Please enter a valid amount (digits with at most 2 decimals)'],
    [{ acc: '1', amount: '0' }, 'Amount must be greater than 0'],
    [{ acc: '1', amount: '0.00' }, 'Amount must be greater than 0'],
    [{ acc: '1', amount: '10.123' }, 'Please enter a valid amount (digits with at most 2 decimals)'],
    [{ acc: '1', amount: '1e5' }, 'Please enter a valid amount (digits with at most 2 decimals)'],
    [{ acc: '1', amount: 'abc' }, 'Please enter a valid amount (digits with at most 2 decimals)'],
    [{ acc: '1', amount: '' }, 'Amount is required'],
    [{ acc: '1' }, 'Amount is required'],
    [{ acc: '1', amount: '99999999999999999999' }, 'Please enter a valid amount (digits with at most 2 decimals)'],
    [{ acc: '1', amount: { value: 1 } }, 'Please enter a valid amount'],
    [{ acc: '2', amount: '500' }, 'Please select an account'],
    [{ acc: '', amount: '500' }, 'Please select an account'],
    [{ amount: '500' }, 'Please select an account'],
  ])('refuses %j with 400 and moves nothing', async (payload, msg) => {
    const m = await richMember();
    const res = await withdraw(m, payload);
    expect(res).toMatchObject({ status: 400, resultcode: false, msg });
    expect((await wallets(t, m.id)).balance).toBe(100_000n);
  });

  it('refuses an inactive member with 403', async () => {
    const m = await createMember(t, { countryId: c.kes });
    await fund(t, m.id, 100_000n, 'balance');
    const res = await withdraw(m, { acc: '1', amount: '500' });
    expect(res.status).toBe(403);
    expect((await wallets(t, m.id)).balance).toBe(100_000n);
  });

  it('refuses below the minimum, naming it', async () => {
    const m = await richMember();
    const res = await withdraw(m, { acc: '1', amount: '199.99' });
    expect(res).toMatchObject({ status: 422, msg: 'Minimum withdrawal amount is KES 200.00' });
  });

  it('refuses amount + charge above the balance', async () => {
    const m = await richMember(50_000n);
    // 480 + 30 charge = 510 > 500.
    const res = await withdraw(m, { acc: '1', amount: '480' });
    expect(res).toMatchObject({ status: 422, msg: 'Amount exceeds available balance please consider Withdrawal Charges' });
    expect((await wallets(t, m.id)).balance).toBe(50_000n);
  });

  it('refuses task wallets below the unlock minimum with a clear message', async () => {
    const m = await richMember();
    await fund(t, m.id, 50_000n, 'youtube');
    const res = await withdraw(m, { acc: '3', amount: '300' });
    expect(res).toMatchObject({
      status: 422,
      msg: 'YouTube earnings can be withdrawn once that wallet reaches KES 1000.00; withdraw from your Jumbo wallet for now',
    });
    expect((await wallets(t, m.id)).youtube).toBe(50_000n);
  });
});

describe('withdrawal lifecycle', () => {
  it('holds amount + fee, then completes: provider gets the amount, house the fee', async () => {
    const m = await richMember();
    const payouts = await systemBalance(t, 'provider:payouts');
    const fees = await systemBalance(t, 'house:fees');
    const res = await withdraw(m, { acc: '1', amount: '470' });
    expect(res).toMatchObject({
      status: 200,
      data: { amount: '470.00', charges: '30.00', total: '500.00', currency: 'KES', status: '0' },
    });
    expect((await wallets(t, m.id)).balance).toBe(50_000n);
    expect(await shown(t, m.id)).toMatchObject({ balance: '500.00', pendingwithdrawal: '500.00', totalwithdrawal: '0.00' });
    expect((await callAction(t.app, 'withdrawalhistory', { token: m.token })).data).toEqual([
      expect.objectContaining({ No: 1, Amount: '470.00', Charges: '30.00', Status: '0' }),
    ]);

    const done = await decide(res.data.id, 2);
    expect(done).toMatchObject({ status: 200, data: { status: '2' } });
    expect((await systemBalance(t, 'provider:payouts')) - payouts).toBe(47_000n);
    expect((await systemBalance(t, 'house:fees')) - fees).toBe(3_000n);
    expect(await systemBalance(t, 'hold:withdrawals')).toBeGreaterThanOrEqual(0n);
    expect(await shown(t, m.id)).toMatchObject({ balance: '500.00', pendingwithdrawal: '0.00', totalwithdrawal: '470.00' });
    // Already decided: both directions are refused and nothing moves.
    expect(await decide(res.data.id, 1)).toMatchObject({ status: 409, msg: 'This withdrawal was already completed' });
    expect(await decide(res.data.id, 2)).toMatchObject({ status: 409 });
    expect((await wallets(t, m.id)).balance).toBe(50_000n);
    const audit = await t.sql(`SELECT action FROM audit_log WHERE target_type = 'withdrawal' AND target_id = $1`, [res.data.id]);
    expect(audit).toEqual([{ action: 'withdrawal.complete' }]);
  });

  it('declines with a full refund, fee included', async () => {
    const m = await richMember(200_000n);
    const res = await withdraw(m, { acc: '1', amount: '1000' });
    expect(res.data).toMatchObject({ charges: '50.00', total: '1050.00' });
    expect((await wallets(t, m.id)).balance).toBe(95_000n);
    const declined = await decide(res.data.id, 1);
    expect(declined).toMatchObject({ status: 200, data: { status: '1' } });
    expect((await wallets(t, m.id)).balance).toBe(200_000n);
    expect(await shown(t, m.id)).toMatchObject({ pendingwithdrawal: '0.00', totalwithdrawal: '0.00', balance: '2000.00' });
    expect((await callAction(t.app, 'withdrawalhistory', { token: m.token })).data[0]).toMatchObject({ Status: '1' });
    expect(await decide(res.data.id, 2)).toMatchObject({ status: 409, msg: 'This withdrawal was already declined' });
    expect((await wallets(t, m.id)).balance).toBe(200_000n);
  });

  it('pays out a task wallet above the unlock minimum, without a charge, and refunds it there', async () => {
    const m = await richMember(1n);
    await fund(t, m.id, 150_000n, 'ads');
    const res = await withdraw(m, { acc: '5', amount: '1200' });
    expect(res).toMatchObject({ status: 200, data: { charges: '0.00', total: '1200.00' } });
    expect((await wallets(t, m.id)).ads).toBe(30_000n);
    await decide(res.data.id, 1);
    expect((await wallets(t, m.id)).ads).toBe(150_000n);
  });

  it('applies min_with to the Jumbo wallet only: an unlocked task wallet pays out less than it', async () => {
    const m = await richMember();
    await fund(t, m.id, 150_000n, 'tiktok');
    expect(await withdraw(m, { acc: '1', amount: '150' })).toMatchObject({
      status: 422,
      msg: 'Minimum withdrawal amount is KES 200.00',
    });
    const res = await withdraw(m, { acc: '4', amount: '150' });
    expect(res).toMatchObject({ status: 200, data: { amount: '150.00', charges: '0.00' } });
    expect((await wallets(t, m.id)).tiktok).toBe(135_000n);
  });

  it('converts a foreign amount at the member rate and keeps both figures', async () => {
    const m = await createMember(t, { countryId: c.ugx, status: 'active' });
    await fund(t, m.id, 100_000n, 'balance'); // KES 1,000 = UGX 28,500
    const res = await withdraw(m, { acc: '1', amount: '20000' });
    expect(res).toMatchObject({ status: 200, data: { amount: '20000.00', charges: '1000.00', currency: 'UGX' } });
    // UGX 20,000 / 28.5 = 701.75; UGX 1,000 / 28.5 = 35.09.
    expect((await wallets(t, m.id)).balance).toBe(100_000n - 70_175n - 3_509n);
    const rows = await t.sql(
      `SELECT amount_system_minor::text, fee_system_minor::text, rate_micro::text FROM withdrawals WHERE id = $1`,
      [res.data.id],
    );
    expect(rows[0]).toEqual({ amount_system_minor: '70175', fee_system_minor: '3509', rate_micro: '28500000' });
    expect((await shown(t, m.id)).balance).toBe(formatUgx(100_000n - 73_684n));
    expect(await withdraw(m, { acc: '1', amount: '6999' })).toMatchObject({
      status: 422,
      msg: 'Minimum withdrawal amount is UGX 7000.00',
    });
  });

  it('returns the first result for a repeated idempotency key and refuses the key for another amount', async () => {
    const m = await richMember();
    const headers = { 'idempotency-key': 'wd-key-00000001' };
    const first = await withdraw(m, { acc: '1', amount: '300' }, headers);
    const again = await withdraw(m, { acc: '1', amount: '300' }, headers);
    expect(again).toEqual(first);
    expect((await wallets(t, m.id)).balance).toBe(100_000n - 33_000n);
    expect(await withdraw(m, { acc: '1', amount: '301' }, headers)).toMatchObject({ status: 409 });
    // The same key used by another member is another withdrawal.
    const other = await richMember();
    expect((await withdraw(other, { acc: '1', amount: '300' }, headers)).status).toBe(200);
  });

  it('lists newest first, only the member’s own', async () => {
    const m = await richMember();
    await withdraw(m, { acc: '1', amount: '200' });
    await withdraw(m, { acc: '1', amount: '250' });
    const res = await callAction(t.app, 'withdrawalhistory', { token: m.token });
    expect(res.data.map((row: { Amount: string }) => row.Amount)).toEqual(['250.00', '200.00']);
    expect(res.data[0]).toMatchObject({
      Date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      Time: expect.stringMatching(/^\d{2}:\d{2}$/),
    });
    const empty = await callAction(t.app, 'withdrawalhistory', { token: (await richMember()).token });
    expect(empty).toMatchObject({ status: 200, data: [], msg: 'No withdrawal history found' });
  });

  it('lets only operators decide', async () => {
    const m = await richMember();
    const res = await withdraw(m, { acc: '1', amount: '300' });
    expect(await decide(res.data.id, 2, m.token)).toMatchObject({ status: 403 });
    expect(await decide('999999', 2)).toMatchObject({ status: 404 });
    expect(
      (await callAction(t.app, 'updatetrans', { method: 'POST', token: operator.token, payload: { tid: res.data.id, value: 3 } }))
        .status,
    ).toBe(400);
  });
});

function formatUgx(systemMinor: bigint): string {
  const local = (systemMinor * 28_500_000n * 2n + 1_000_000n) / 2_000_000n;
  return `${local / 100n}.${(local % 100n).toString().padStart(2, '0')}`;
}
