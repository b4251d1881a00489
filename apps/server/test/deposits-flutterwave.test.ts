import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isGenuineFlutterwaveWebhook } from '../src/payments/flutterwave/webhook.ts';
import { depositTransactions, sleep, useDepositTestApp, waitFor, type TestMember } from './deposits-fixtures.ts';

const c = useDepositTestApp();

const requestLink = (member: TestMember, amount: unknown, headers: Record<string, string> = {}) =>
  c.call('requestpayment', member, { method: 'POST', payload: { amount }, headers });

/** Presses a button on the simulator's checkout page; returns the redirect target. */
async function press(link: string, button: 'pay' | 'cancel'): Promise<URL> {
  const response = await fetch(`${link}/${button}`, { method: 'POST', redirect: 'manual' });
  expect(response.status).toBe(303);
  return new URL(response.headers.get('location')!);
}

const completed = (member: TestMember) => waitFor(async () => (await c.deposits(member)).every((d) => d.status !== 0));

describe('requestpayment (Flutterwave)', () => {
  it('credits a paid link once, after verifying it; a replayed webhook changes nothing', async () => {
    const member = await c.member('KE');
    const response = await requestLink(member, '1500');
    expect(response).toMatchObject({ httpStatus: 200, resultcode: true });
    const link: string = response.data.link;
    expect(link.startsWith(`${c.sim.url}/flw/checkout/`)).toBe(true);
    expect((await c.deposits(member))[0]).toMatchObject({ status: 0 });
    const page = await fetch(link);
    expect(await page.text()).toContain('KES 1500');

    const back = await press(link, 'pay');
    expect(back.pathname).toBe('/deposit');
    expect(back.searchParams.get('status')).toBe('successful');
    await completed(member);
    const transactionId = back.searchParams.get('transaction_id')!;
    expect((await c.deposits(member))[0]).toMatchObject({ status: 2, provider_ref: transactionId });
    expect(await c.depositWallet(member)).toBe(150_000n);

    expect(await c.sim.flutterwave.sendWebhook(Number(transactionId))).toBe(200);
    expect(await c.depositWallet(member)).toBe(150_000n);
    expect(await depositTransactions(c.t, member.id)).toBe(1);
  });

  it('credits once when Flutterwave sends the webhook twice', async () => {
    c.sim.flutterwave.behaviour.duplicateWebhooks = true;
    const member = await c.member('KE');
    const link: string = (await requestLink(member, 99.5)).data.link;
    await press(link, 'pay');
    c.sim.flutterwave.behaviour.duplicateWebhooks = false;
    await completed(member);
    expect(await c.depositWallet(member)).toBe(9_950n);
    expect(await depositTransactions(c.t, member.id)).toBe(1);
  });

  it('converts a Ugandan deposit at the country rate and records it', async () => {
    const member = await c.member('UG');
    const link: string = (await requestLink(member, '28500')).data.link;
    await press(link, 'pay');
    await completed(member);
    expect(await c.depositWallet(member)).toBe(100_000n);
    const [ledger] = await c.t.sql(
      `SELECT rate_micro::text, local_amount_minor::text, local_currency FROM ledger_transactions WHERE member_id = $1`,
      [member.id.toString()],
    );
    expect(ledger).toEqual({ rate_micro: '28500000', local_amount_minor: '2850000', local_currency: 'UGX' });
    const history = await c.call('deposithistory', member);
    expect(history.data.history[0]).toMatchObject({ Amount: '28500.00', Status: 2 });
  });

  it('refuses a webhook with a wrong or missing hash (401) and credits nothing', async () => {
    const member = await c.member('KE');
    const link: string = (await requestLink(member, 500)).data.link;
    c.sim.flutterwave.behaviour.webhookHash = 'wrong';
    await press(link, 'pay');
    c.sim.flutterwave.behaviour.webhookHash = 'missing';
    const transaction = [...c.sim.flutterwave.transactions.values()].at(-1)!;
    expect(await c.sim.flutterwave.sendWebhook(transaction.id)).toBe(401);
    c.sim.flutterwave.behaviour.webhookHash = 'correct';
    const direct = await fetch(`${c.t.app.deps.publicUrl()}/hooks/flutterwave`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'verif-hash': 'guess' },
      body: JSON.stringify(c.sim.flutterwave.webhookBody(transaction)),
    });
    expect(direct.status).toBe(401);
    expect((await c.deposits(member))[0]).toMatchObject({ status: 0 });
    expect(await c.depositWallet(member)).toBe(0n);
  });

  it('credits exactly the verified amount paid, less or more than asked, and nothing in another currency', async () => {
    const member = await c.member('KE');
    c.sim.flutterwave.behaviour.verifyAmountOverride = 499.99;
    await press((await requestLink(member, 500)).data.link, 'pay');
    c.sim.flutterwave.behaviour.verifyAmountOverride = 650;
    await press((await requestLink(member, 600)).data.link, 'pay');
    c.sim.flutterwave.behaviour.verifyAmountOverride = null;
    c.sim.flutterwave.behaviour.verifyCurrencyOverride = 'USD';
    await press((await requestLink(member, 500)).data.link, 'pay');
    c.sim.flutterwave.behaviour.verifyCurrencyOverride = null;
    await completed(member);
    const rows = await c.deposits(member);
    expect(rows.map((d) => [d.status, d.amount_local_minor, d.failure_reason])).toEqual([
      [2, '49999', null],
      [2, '65000', null],
      [1, '50000', 'Verification failed: paid in USD, expected KES'],
    ]);
    expect(await c.depositWallet(member)).toBe(49_999n + 65_000n);
  });

  it('credits nothing for a cancelled checkout; the deposit stays pending', async () => {
    const member = await c.member('KE');
    const back = await press((await requestLink(member, 300)).data.link, 'cancel');
    expect(back.searchParams.get('status')).toBe('cancelled');
    await sleep(100);
    expect((await c.deposits(member))[0]).toMatchObject({ status: 0 });
    expect(await c.depositWallet(member)).toBe(0n);
  });

  it('returns the same link for a repeated Idempotency-Key', async () => {
    const member = await c.member('KE');
    const headers = { 'idempotency-key': 'flw-repeat-0001' };
    const first = await requestLink(member, 200, headers);
    const again = await requestLink(member, 200, headers);
    expect(again.data).toEqual(first.data);
    expect(await c.deposits(member)).toHaveLength(1);
  });

  it.each([
    [{ amount: -1 }, 'Please enter a valid amount (digits with at most 2 decimals)'],
    [{ amount: 0 }, 'Amount must be greater than 0'],
    [{ amount: '0.001' }, 'Please enter a valid amount (digits with at most 2 decimals)'],
    [{ amount: '5000000' }, 'The maximum deposit is KES 1000000.00'],
    [{ amount: 1e21 }, 'Please enter a valid amount (digits with at most 2 decimals)'],
    [{ amount: 'ten' }, 'Please enter a valid amount (digits with at most 2 decimals)'],
    [{}, 'Please enter a valid amount'],
  ])('refuses %j with a clear message and no deposit', async (payload, msg) => {
    const member = await c.member('KE');
    const response = await c.call('requestpayment', member, { method: 'POST', payload });
    expect(response).toMatchObject({ httpStatus: 400, resultcode: false, msg });
    expect(await c.deposits(member)).toHaveLength(0);
  });
});

describe('Flutterwave webhook authenticity', () => {
  it('accepts verif-hash or an HMAC-SHA256 flutterwave-signature, nothing else', () => {
    const rawBody = '{"event":"charge.completed"}';
    const secretHash = 'dashboard-hash';
    const signature = createHmac('sha256', secretHash).update(rawBody).digest('base64');
    expect(isGenuineFlutterwaveWebhook({ headers: { 'verif-hash': secretHash }, rawBody, secretHash })).toBe(true);
    expect(isGenuineFlutterwaveWebhook({ headers: { 'verif-hash': 'dashboard-has' }, rawBody, secretHash })).toBe(false);
    expect(isGenuineFlutterwaveWebhook({ headers: { 'flutterwave-signature': signature }, rawBody, secretHash })).toBe(true);
    expect(
      isGenuineFlutterwaveWebhook({ headers: { 'flutterwave-signature': signature }, rawBody: `${rawBody} `, secretHash }),
    ).toBe(false);
    expect(isGenuineFlutterwaveWebhook({ headers: {}, rawBody, secretHash })).toBe(false);
  });
});
