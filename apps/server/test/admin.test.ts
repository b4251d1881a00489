import { describe, expect, it } from 'vitest';
import { auditRows } from './audit-fixtures.ts';
import { callAction } from './harness.ts';
import { createMember, fund, shown, systemBalance, wallets } from './money-fixtures.ts';
import { consoleCaller, useCountriesApp, useMember } from './countries-app.ts';

const { t, c } = useCountriesApp();
const operator = useMember({ t, c }, { status: 'active', role: 'operator' });
const member = useMember({ t, c }, { status: 'active' });
const admin = consoleCaller(t, operator);

describe('operator access', () => {
  it.each([
    'adminwithdrawals',
    'updatetrans',
    'adminadjust',
    'adminactivate',
    'admindeactivate',
    'adminreviewcodes',
    'adminresolvecode',
  ])('%s refuses members (403) and visitors (401)', async (action) => {
    const method = action === 'adminwithdrawals' || action === 'adminreviewcodes' ? undefined : {};
    expect((await admin(action, method, member.token)).status).toBe(403);
    expect((await admin(action, method, '')).status).toBe(401);
  });
});

describe('adminadjust', () => {
  it('credits and debits through house:adjustments with a reason, audited', async () => {
    const m = await createMember(t, { countryId: c.kes, status: 'active' });
    const house = await systemBalance(t, 'house:adjustments');
    const up = await admin('adminadjust', {
      username: m.username,
      wallet: 'balance',
      amount: '25.50',
      reason: 'Missed commission, ticket 12',
    });
    expect(up).toMatchObject({ status: 200, data: { balance: '25.50', wallet: 'balance' } });
    const down = await admin('adminadjust', {
      username: m.username,
      wallet: 'balance',
      amount: '-10.00',
      reason: 'Correction of ticket 12',
    });
    expect(down).toMatchObject({ status: 200, data: { balance: '15.50' } });
    expect((await wallets(t, m.id)).balance).toBe(1_550n);
    expect((await shown(t, m.id)).balance).toBe('15.50');
    expect((await systemBalance(t, 'house:adjustments')) - house).toBe(-1_550n);
    const audit = await auditRows(t, 'wallet.adjust');
    expect(audit.slice(-2)).toEqual([
      expect.objectContaining({
        actor_id: operator.id.toString(),
        target_id: m.id.toString(),
        before: { wallet: 'balance', balanceMinor: '0' },
      }),
      expect.objectContaining({ before: { wallet: 'balance', balanceMinor: '2550' } }),
    ]);
  });

  it('never takes a wallet below zero and refuses bad input', async () => {
    const m = await createMember(t, { countryId: c.kes, status: 'active' });
    await fund(t, m.id, 500n, 'ads');
    expect(
      await admin('adminadjust', { username: m.username, wallet: 'ads', amount: '-5.01', reason: 'too much' }),
    ).toMatchObject({ status: 422 });
    expect((await wallets(t, m.id)).ads).toBe(500n);
    for (const amount of ['0', '-0.00', '1.234', 'abc', '', '--1']) {
      expect((await admin('adminadjust', { username: m.username, wallet: 'ads', amount, reason: 'bad amount' })).status).toBe(
        400,
      );
    }
    expect(
      (await admin('adminadjust', { username: m.username, wallet: 'savings', amount: '1', reason: 'bad wallet' })).status,
    ).toBe(400);
    expect((await admin('adminadjust', { username: m.username, wallet: 'ads', amount: '1', reason: '' })).status).toBe(400);
    expect((await admin('adminadjust', { username: 'nobody_at_all', wallet: 'ads', amount: '1', reason: 'who' })).status).toBe(
      404,
    );
    expect((await wallets(t, m.id)).ads).toBe(500n);
  });
});

describe('adminactivate and admindeactivate', () => {
  it('activates for free (fee booked as an expense), pays commissions; deactivation reverses them', async () => {
    const s = await createMember(t, { countryId: c.kes, status: 'active' });
    const a = await createMember(t, { countryId: c.kes, status: 'active', sponsor: s });
    const m = await createMember(t, { countryId: c.kes, sponsor: a });
    const expenses = await systemBalance(t, 'house:expenses');
    const res = await admin('adminactivate', { username: m.username });
    expect(res).toMatchObject({ status: 200, data: { fee: '500.00', commissions_paid: 2 } });
    expect((await wallets(t, m.id)).deposit).toBe(0n);
    expect((await systemBalance(t, 'house:expenses')) - expenses).toBe(-50_000n);
    expect((await wallets(t, a.id)).balance).toBe(25_000n);
    expect((await wallets(t, s.id)).balance).toBe(15_000n);
    expect(await admin('adminactivate', { username: m.username })).toMatchObject({
      status: 409,
      msg: 'Your account is already active',
    });
    expect((await auditRows(t, 'member.activate_free')).at(-1)).toMatchObject({ target_id: m.id.toString() });

    const off = await admin('admindeactivate', { username: m.username, reason: 'duplicate account' });
    expect(off).toMatchObject({ status: 200, data: { commissions_reversed: 2 } });
    expect((await wallets(t, a.id)).balance).toBe(0n);
    expect((await wallets(t, s.id)).balance).toBe(0n);
    expect((await shown(t, a.id)).profit).toBe('0.00');
    expect((await t.sql('SELECT status FROM members WHERE id = $1', [m.id.toString()]))[0]).toEqual({ status: 'inactive' });
    expect(await admin('admindeactivate', { username: m.username })).toMatchObject({ status: 409 });

    // Activating again is a new generation: new keys, commissions paid again.
    await fund(t, m.id, 50_000n);
    expect((await callAction(t.app, 'activateaccount', { method: 'POST', token: m.token, payload: {} })).status).toBe(200);
    expect((await wallets(t, a.id)).balance).toBe(25_000n);
    expect((await t.sql('SELECT count(*)::int AS n FROM activations WHERE member_id = $1', [m.id.toString()]))[0]).toEqual({
      n: 2,
    });
  });

  it('refuses to deactivate when an upline has already spent the commission, and changes nothing', async () => {
    const a = await createMember(t, { countryId: c.kes, status: 'active' });
    const m = await createMember(t, { countryId: c.kes, sponsor: a });
    await fund(t, m.id, 50_000n);
    await callAction(t.app, 'activateaccount', { method: 'POST', token: m.token, payload: {} });
    await callAction(t.app, 'systemwithdrawal', { method: 'POST', token: a.token, payload: { acc: '1', amount: '220' } });
    const res = await admin('admindeactivate', { username: m.username });
    expect(res.status).toBe(422);
    expect(res.msg).toContain(a.username);
    expect((await t.sql('SELECT status FROM members WHERE id = $1', [m.id.toString()]))[0]).toEqual({ status: 'active' });
    expect((await wallets(t, a.id)).balance).toBe(25_000n - 22_000n - 3_000n);
  });
});

describe('adminwithdrawals', () => {
  it('lists with member details, filters by status and pages', async () => {
    const m = await createMember(t, { countryId: c.kes, status: 'active' });
    await fund(t, m.id, 300_000n, 'balance');
    for (const amount of ['200', '300', '400']) {
      await callAction(t.app, 'systemwithdrawal', { method: 'POST', token: m.token, payload: { acc: '1', amount } });
    }
    const page = await admin('adminwithdrawals', undefined, operator.token, { status: '0', limit: '2' });
    expect(page.status).toBe(200);
    expect(page.data.rows).toHaveLength(2);
    expect(page.data.rows[0]).toMatchObject({
      username: m.username,
      amount: '400.00',
      fee: '30.00',
      currency: 'KES',
      status: '0',
    });
    expect(page.data.total).toBeGreaterThanOrEqual(3);
    const first = page.data.rows[0].id;
    await admin('updatetrans', { tid: first, value: 1 });
    const declined = await admin('adminwithdrawals', undefined, operator.token, { status: '1' });
    expect(declined.data.rows.map((r: { id: string }) => r.id)).toContain(first);
    expect((await admin('adminwithdrawals', undefined, operator.token, { limit: '101' })).status).toBe(400);
    expect((await admin('adminwithdrawals', undefined, operator.token, { status: '7' })).status).toBe(400);
  });
});

describe('adminreviewcodes and adminresolvecode', () => {
  it('lists unmatched codes oldest first, credits one once, rejects another', async () => {
    const m = await createMember(t, { countryId: c.kes, status: 'active' });
    const first = await callAction(t.app, 'recovercode', { method: 'POST', token: m.token, payload: { ref_code: 'QZX1234567' } });
    expect(first.status).toBeLessThan(500);
    await callAction(t.app, 'recovercode', { method: 'POST', token: m.token, payload: { ref_code: 'QZX7654321' } });
    const queue = await admin('adminreviewcodes', undefined, operator.token, { limit: '10' });
    expect(queue.status).toBe(200);
    const mine = queue.data.rows.filter((r: { username: string }) => r.username === m.username);
    expect(mine.map((r: { ref_code: string }) => r.ref_code)).toEqual(['QZX1234567', 'QZX7654321']);
    expect(mine[0]).toMatchObject({ currency: 'KES', amount: null });

    expect((await admin('adminresolvecode', { id: mine[0].id, approve: true, amount: '-5' })).status).toBe(400);
    const credited = await admin('adminresolvecode', {
      id: mine[0].id,
      approve: true,
      amount: '150',
      note: 'Seen on the statement',
    });
    expect(credited).toMatchObject({ status: 200, data: { status: 'credited', amount_system: '150.00' } });
    expect((await wallets(t, m.id)).deposit).toBe(15_000n);
    expect((await admin('adminresolvecode', { id: mine[0].id, approve: true, amount: '150' })).status).toBe(409);
    expect((await wallets(t, m.id)).deposit).toBe(15_000n);
    expect(await admin('adminresolvecode', { id: mine[1].id, approve: false, note: 'No such payment' })).toMatchObject({
      status: 200,
      data: { status: 'rejected' },
    });
    expect((await wallets(t, m.id)).deposit).toBe(15_000n);
    expect((await shown(t, m.id)).expense).toBe('150.00');
    const after = await admin('adminreviewcodes', undefined, operator.token);
    expect(after.data.rows.filter((r: { username: string }) => r.username === m.username)).toEqual([]);
  });
});
