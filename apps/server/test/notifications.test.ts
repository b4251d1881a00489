import { NotificationSchema, type Notification } from '@tuzo/contracts';
import { describe, expect, it } from 'vitest';
import { madeBeforeAll } from './before-all.ts';
import { postTransaction } from '../src/ledger/ledger.ts';
import { notifyMember } from '../src/modules/notifications/notifications.service.ts';
import { callAction } from './harness.ts';
import { useDepositTestApp, waitFor } from './deposits-fixtures.ts';
import { createMember, ensureTestCountries, fund, wallets, type TestMember } from './money-fixtures.ts';

const c = useDepositTestApp();
const countries = madeBeforeAll(() => ensureTestCountries(c.t));
const operator = madeBeforeAll(() => createMember(c.t, { countryId: countries.kes, status: 'active', role: 'operator' }));

/** The `info` of one `userdata` (or `auth`) call, each item checked against the contract. */
async function inbox(member: TestMember, action: 'userdata' | 'auth' = 'userdata'): Promise<Notification[]> {
  const res = await callAction(c.t.app, action, { token: member.token });
  expect(res.status).toBe(200);
  return res.info.map((item) => NotificationSchema.parse(item));
}

const stored = (member: TestMember) =>
  c.t.sql<{ msg: string; severity: string; delivered: boolean }>(
    `SELECT msg, severity, delivered_at IS NOT NULL AS delivered FROM member_notifications WHERE member_id = $1 ORDER BY id`,
    [member.id.toString()],
  );

const admin = (action: string, payload: unknown) =>
  callAction(c.t.app, action, { method: 'POST', token: operator.token, payload });
const withdraw = (m: TestMember, amount: string) =>
  callAction(c.t.app, 'systemwithdrawal', { method: 'POST', token: m.token, payload: { acc: '1', amount } });

async function richMember(amountMinor = 100_000n): Promise<TestMember> {
  const m = await createMember(c.t, { countryId: countries.kes, status: 'active' });
  await fund(c.t, m.id, amountMinor, 'balance');
  return m;
}

describe('withdrawal decisions', () => {
  it('a decline gives exactly one warning, delivered once in userdata', async () => {
    const m = await richMember();
    const res = await withdraw(m, '250');
    expect(res.data).toMatchObject({ charges: '30.00', total: '280.00' });
    expect(await inbox(m)).toEqual([]);
    expect((await admin('updatetrans', { tid: res.data.id, value: 1 })).status).toBe(200);

    const first = await inbox(m);
    expect(first).toEqual([
      {
        msg: 'Your withdrawal of KES 250.00 was declined. KES 280.00 (amount and charge) is back in your Jumbo wallet.',
        severity: 'warning',
        time: expect.any(String),
      },
    ]);
    expect(new Date(first[0]!.time!).toISOString()).toBe(first[0]!.time);
    expect(await inbox(m)).toEqual([]);
    expect(await inbox(m, 'auth')).toEqual([]);
    expect(await stored(m)).toEqual([{ msg: first[0]!.msg, severity: 'warning', delivered: true }]);
    // Refused second decision: no second notification.
    expect((await admin('updatetrans', { tid: res.data.id, value: 2 })).status).toBe(409);
    expect(await stored(m)).toHaveLength(1);
  });

  it('an approval gives one success notification, delivered by auth as well', async () => {
    const m = await richMember();
    const res = await withdraw(m, '300');
    expect((await admin('updatetrans', { tid: res.data.id, value: 2 })).status).toBe(200);
    expect(await inbox(m, 'auth')).toEqual([
      { msg: 'Your withdrawal of KES 300.00 has been paid.', severity: 'success', time: expect.any(String) },
    ]);
    expect(await inbox(m)).toEqual([]);
  });

  it('other actions do not take notifications: they wait for userdata or auth', async () => {
    const m = await richMember();
    const res = await withdraw(m, '300');
    await admin('updatetrans', { tid: res.data.id, value: 2 });
    await callAction(c.t.app, 'withdrawalhistory', { token: m.token });
    expect(await stored(m)).toEqual([expect.objectContaining({ delivered: false })]);
    expect(await inbox(m)).toHaveLength(1);
  });
});

describe('activation commissions', () => {
  it('each upline is told what they earned, in their currency; the activating member is told nothing', async () => {
    const grand = await createMember(c.t, { countryId: countries.kes, status: 'active' });
    const sponsor = await createMember(c.t, { countryId: countries.kes, status: 'active', sponsor: grand });
    const joiner = await createMember(c.t, { countryId: countries.kes, sponsor });
    await fund(c.t, joiner.id, 50_000n);
    expect((await callAction(c.t.app, 'activateaccount', { method: 'POST', token: joiner.token, payload: {} })).status).toBe(200);

    expect(await inbox(sponsor)).toEqual([
      {
        msg: `You earned KES 250.00: your level 1 member ${joiner.username} activated their account.`,
        severity: 'success',
        time: expect.any(String),
      },
    ]);
    expect((await inbox(grand)).map((n) => n.msg)).toEqual([
      `You earned KES 150.00: your level 2 member ${joiner.username} activated their account.`,
    ]);
    expect(await stored(joiner)).toEqual([]);
  });

  it('converts a commission paid by a member of another country to the upline currency', async () => {
    const sponsor = await createMember(c.t, { countryId: countries.kes, status: 'active' });
    const joiner = await createMember(c.t, { countryId: countries.ugx, sponsor });
    await fund(c.t, joiner.id, 100_000n);
    expect((await callAction(c.t.app, 'activateaccount', { method: 'POST', token: joiner.token, payload: {} })).status).toBe(200);
    // UGX 8,000 at 28.5 = KES 280.70.
    expect((await inbox(sponsor)).map((n) => n.msg)).toEqual([
      `You earned KES 280.70: your level 1 member ${joiner.username} activated their account.`,
    ]);
  });

  it('an activation refused for insufficient funds notifies no one', async () => {
    const sponsor = await createMember(c.t, { countryId: countries.kes, status: 'active' });
    const joiner = await createMember(c.t, { countryId: countries.kes, sponsor });
    await fund(c.t, joiner.id, 10_000n);
    expect((await callAction(c.t.app, 'activateaccount', { method: 'POST', token: joiner.token, payload: {} })).status).toBe(422);
    expect(await stored(sponsor)).toEqual([]);
  });
});

describe('deposits', () => {
  it('a confirmed STK push notifies once', async () => {
    const m = await c.member('KE');
    const res = await c.call('stkpush', m, { method: 'POST', payload: { phone: '0712345678', amount: 500 } });
    await waitFor(async () => (await c.deposits(m))[0]?.status === 2);
    expect(await inbox(m)).toEqual([
      { msg: 'Your deposit of KES 500.00 has been received.', severity: 'success', time: expect.any(String) },
    ]);
    expect(res.data.depositId).toBeDefined();
    expect(await inbox(m)).toEqual([]);
  });

  it('a cancelled STK push gives a warning with the reason', async () => {
    const m = await c.member('KE');
    await c.call('stkpush', m, { method: 'POST', payload: { phone: '254700000032', amount: 100 } });
    await waitFor(async () => (await c.deposits(m))[0]?.status === 1);
    expect(await inbox(m)).toEqual([
      {
        msg: 'Your M-Pesa payment of KES 100.00 did not go through: Cancelled on the phone (1032).',
        severity: 'warning',
        time: expect.any(String),
      },
    ]);
  });

  it('a paid Flutterwave link notifies in the currency paid', async () => {
    const m = await c.member('UG');
    const link: string = (await c.call('requestpayment', m, { method: 'POST', payload: { amount: '28500' } })).data.link;
    expect((await fetch(`${link}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
    await waitFor(async () => (await c.deposits(m))[0]?.status === 2);
    expect((await inbox(m)).map((n) => n.msg)).toEqual(['Your deposit of UGX 28500.00 has been received.']);
  });

  it('a claimed M-Pesa code notifies; an operator credit and a rejection of queued codes notify too', async () => {
    const m = await c.member('KE');
    await c.sim.mpesa.sendC2B({
      TransID: 'QN12ABC3DE',
      TransAmount: '1000.00',
      MSISDN: '254712345678',
      BillRefNumber: m.username,
    });
    // Claimable once M-Pesa's transaction status query has confirmed it (decision 020).
    await waitFor(
      async () =>
        (await c.t.sql(`SELECT 1 FROM payment_notifications WHERE trans_id = 'QN12ABC3DE' AND verification = 'verified'`))
          .length > 0,
    );
    expect((await c.call('recovercode', m, { method: 'POST', payload: { ref_code: 'QN12ABC3DE' } })).status).toBe(200);
    expect((await inbox(m)).map((n) => n.msg)).toEqual(['Your deposit of KES 1000.00 has been received.']);

    await c.call('recovercode', m, { method: 'POST', payload: { ref_code: 'QN99999991' } });
    await c.call('recovercode', m, { method: 'POST', payload: { ref_code: 'QN99999992' } });
    const reviews = await c.t.sql<{ id: string; code: string }>(
      `SELECT id::text, code FROM code_reviews WHERE member_id = $1 ORDER BY id`,
      [m.id.toString()],
    );
    expect(reviews.map((r) => r.code)).toEqual(['QN99999991', 'QN99999992']);
    expect(await inbox(m)).toEqual([]);
    expect((await admin('adminresolvecode', { id: reviews[0]!.id, approve: true, amount: '150' })).status).toBe(200);
    expect((await admin('adminresolvecode', { id: reviews[1]!.id, approve: false, note: 'No such payment' })).status).toBe(200);
    expect(await inbox(m)).toEqual([
      { msg: 'Your deposit of KES 150.00 has been received.', severity: 'success', time: expect.any(String) },
      { msg: 'Your transaction code QN99999992 could not be confirmed.', severity: 'warning', time: expect.any(String) },
    ]);
  });
});

describe('atomicity and delivery', () => {
  it('a withdrawal refused for insufficient funds leaves no notification', async () => {
    const m = await richMember(10_000n);
    expect((await withdraw(m, '300')).status).toBe(422);
    expect(await stored(m)).toEqual([]);
  });

  it('a notification written in a transaction that fails is rolled back with the movement', async () => {
    const m = await richMember(10_000n);
    const attempt = c.t.app.deps.db.transaction(async (tx) => {
      await notifyMember(tx, { memberId: m.id, msg: 'Should never be seen.', severity: 'success' });
      await postTransaction(tx, {
        kind: 'adjustment',
        idempotencyKey: `test:notify-rollback:${m.id}`,
        memberId: m.id,
        legs: [
          { account: { memberId: m.id, wallet: 'balance' }, amountMinor: -20_000n },
          { account: { system: 'house:adjustments' }, amountMinor: 20_000n },
        ],
      });
    });
    await expect(attempt).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(await stored(m)).toEqual([]);
    expect((await wallets(c.t, m.id)).balance).toBe(10_000n);
    expect(await inbox(m)).toEqual([]);
  });

  it('delivers at most 10 per response, oldest first, and concurrent polls never deliver one twice', async () => {
    const m = await richMember();
    for (let i = 1; i <= 13; i += 1) await notifyMember(c.t.app.deps.db, { memberId: m.id, msg: `Note ${i}`, severity: 'info' });
    const first = await inbox(m);
    expect(first.map((n) => n.msg)).toEqual(Array.from({ length: 10 }, (_, i) => `Note ${i + 1}`));
    const [a, b] = await Promise.all([inbox(m), inbox(m, 'auth')]);
    expect([...a, ...b].map((n) => n.msg).sort()).toEqual(['Note 11', 'Note 12', 'Note 13']);
    expect(await inbox(m)).toEqual([]);
  });
});
