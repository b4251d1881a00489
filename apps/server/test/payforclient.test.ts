import { beforeAll, describe, expect, it } from 'vitest';
import { callAction } from './harness.ts';
import { createMember, fund, shown, wallets } from './money-fixtures.ts';
import { useCountriesApp, useMember } from './countries-app.ts';

const { t, c } = useCountriesApp();
const payer = useMember({ t, c }, { status: 'active' });
const l1 = useMember({ t, c }, { sponsor: payer });
const l2 = useMember({ t, c }, { sponsor: l1 });
const l3 = useMember({ t, c }, { country: 'ugx', sponsor: l2 });
const l4 = useMember({ t, c }, { sponsor: l3 });
const stranger = useMember({ t, c });
beforeAll(async () => {
  await fund(t, payer.id, 100_000n, 'balance');
  await fund(t, payer.id, 30_000n, 'deposit');
});

const confirm = (reusername: unknown, token = payer.token) =>
  callAction(t.app, 'confirmpayforclient', { method: 'POST', token, payload: { reusername } });
const pay = (payload: unknown, token = payer.token, headers: Record<string, string> = {}) =>
  callAction(t.app, 'payforclient', { method: 'POST', token, payload, headers });

describe('confirmpayforclient', () => {
  it('verifies a level 1, 2 or 3 client and returns the payer balances and the missing amount', async () => {
    const res = await confirm(l1.username.toUpperCase());
    expect(res).toMatchObject({
      status: 200,
      msg: 'Client verified successfully',
      data: { username: l1.username, balance: '1000.00', deposit: '300.00', missing: '500.00', currency: 'KES' },
    });
    expect((await confirm(l2.username)).status).toBe(200);
    // A UGX client: UGX 17,000 is KES 596.49 in the payer's currency.
    expect((await confirm(l3.username)).data.missing).toBe('596.49');
  });

  it('refuses level 4, strangers, oneself, unknown names, the active and the suspended', async () => {
    expect(await confirm(l4.username)).toMatchObject({ status: 404, msg: 'Client not found in your team' });
    expect(await confirm(stranger.username)).toMatchObject({ status: 404, msg: 'Client not found in your team' });
    expect(await confirm(payer.username)).toMatchObject({ status: 404 });
    expect(await confirm('nobody_here')).toMatchObject({ status: 404 });
    expect(await confirm('ab')).toMatchObject({ status: 400, msg: 'Username must be at least 3 characters' });
    const active = await createMember(t, { countryId: c.kes, sponsor: payer, status: 'active' });
    expect(await confirm(active.username)).toMatchObject({ status: 409, msg: 'This client is already active' });
    const suspended = await createMember(t, { countryId: c.kes, sponsor: payer, status: 'suspended' });
    expect(await confirm(suspended.username)).toMatchObject({ status: 403, msg: "This client's account is suspended" });
  });

  it('is for active members only', async () => {
    expect((await confirm(l2.username, l1.token)).status).toBe(403);
  });
});

describe('payforclient', () => {
  it.each([
    [{ acc: '1', reusername: 'x', amount: '10' }, 'Username must be at least 3 characters'],
    [{ acc: '3', reusername: 'abcdef', amount: '10' }, 'Please select a wallet'],
    [{ acc: '1', reusername: 'abcdef', amount: '-1' }, 'Please enter a valid amount (digits with at most 2 decimals)'],
    [{ acc: '1', reusername: 'abcdef', amount: '0' }, 'Amount must be greater than 0'],
    [{ acc: '1', reusername: 'abcdef', amount: '1.001' }, 'Please enter a valid amount (digits with at most 2 decimals)'],
    [{ acc: '1', reusername: 'abcdef', amount: 'ten' }, 'Please enter a valid amount (digits with at most 2 decimals)'],
    [{ acc: '1', reusername: 'abcdef', amount: '' }, 'Amount is required'],
  ])('refuses %j with 400', async (payload, msg) => {
    expect(await pay(payload)).toMatchObject({ status: 400, msg });
    expect(await wallets(t, payer.id)).toMatchObject({ balance: 100_000n, deposit: 30_000n });
  });

  it('refuses more than the chosen wallet holds, naming the wallet', async () => {
    expect(await pay({ acc: '1', reusername: l1.username, amount: '1000.01' })).toMatchObject({
      status: 422,
      msg: 'Insufficient balance in Jumbo Wallet',
    });
    expect(await pay({ acc: '2', reusername: l1.username, amount: '300.01' })).toMatchObject({
      status: 422,
      msg: 'Insufficient balance in Deposit Wallet',
    });
    expect(await pay({ acc: '1', reusername: '999999999999999999', amount: '1' })).toMatchObject({ status: 404 });
    expect(await pay({ acc: '1', reusername: l4.username, amount: '1' })).toMatchObject({ status: 404 });
    expect(await wallets(t, payer.id)).toMatchObject({ balance: 100_000n, deposit: 30_000n });
  });

  it('moves Jumbo or Deposit money into the client deposit, without activating', async () => {
    const res = await pay({ acc: '1', reusername: l1.username, amount: '200' });
    expect(res).toMatchObject({
      status: 200,
      data: { username: l1.username, amount: '200.00', currency: 'KES', wallet: 'Jumbo' },
    });
    const res2 = await pay({ acc: '2', reusername: l1.username, amount: '300' });
    expect(res2.status).toBe(200);
    expect(await wallets(t, payer.id)).toMatchObject({ balance: 80_000n, deposit: 0n });
    expect((await wallets(t, l1.id)).deposit).toBe(50_000n);
    expect(await shown(t, l1.id)).toMatchObject({ deposit: '500.00', actbal: '0.00' });
    expect((await t.sql('SELECT status FROM members WHERE id = $1', [l1.id.toString()]))[0]).toEqual({ status: 'inactive' });
    expect((await callAction(t.app, 'activateaccount', { method: 'POST', token: l1.token, payload: {} })).status).toBe(200);
    expect(await confirm(l1.username)).toMatchObject({ status: 409 });
  });

  it('converts into a foreign client’s wallet and records the rate', async () => {
    const res = await pay({ acc: '1', reusername: l3.username, amount: '100' });
    expect(res.status).toBe(200);
    expect((await wallets(t, l3.id)).deposit).toBe(10_000n);
    expect((await shown(t, l3.id)).deposit).toBe('2850.00');
    const tx = await t.sql(
      `SELECT rate_micro::text, local_amount_minor::text, local_currency FROM ledger_transactions WHERE kind = 'pay_for_client' AND member_id = $1 ORDER BY id DESC LIMIT 1`,
      [payer.id.toString()],
    );
    expect(tx[0]).toEqual({ rate_micro: '1000000', local_amount_minor: '10000', local_currency: 'KES' });
  });

  it('is idempotent on the client key', async () => {
    const before = await wallets(t, payer.id);
    const headers = { 'idempotency-key': 'pfc-key-000001' };
    const first = await pay({ acc: '1', reusername: l2.username, amount: '10' }, payer.token, headers);
    const again = await pay({ acc: '1', reusername: l2.username, amount: '10' }, payer.token, headers);
    expect(again).toEqual(first);
    expect((await wallets(t, payer.id)).balance).toBe(before.balance - 1_000n);
    expect(await pay({ acc: '2', reusername: l2.username, amount: '10' }, payer.token, headers)).toMatchObject({ status: 409 });
  });

  it('shows both sides the transfer, newest first', async () => {
    const sent = await callAction(t.app, 'populatepayfroclient', { token: payer.token });
    expect(sent.status).toBe(200);
    expect(sent.data[0]).toMatchObject({
      Username: l2.username,
      Amount: '10.00',
      Wallet: 'Jumbo',
      Status: '2',
      Direction: 'sent',
    });
    expect(sent.data[0].Date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(sent.data).toHaveLength(4);
    const received = await callAction(t.app, 'populatepayfroclient', { token: l3.token });
    expect(received.data).toEqual([
      expect.objectContaining({ Username: payer.username, Amount: '2850.00', Wallet: 'Deposit', Direction: 'received' }),
    ]);
    expect(await callAction(t.app, 'populatepayfroclient', { token: stranger.token })).toMatchObject({
      data: [],
      msg: 'No transfer history found',
    });
  });
});
