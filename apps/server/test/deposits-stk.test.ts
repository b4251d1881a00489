import { describe, expect, it } from 'vitest';
import { runDepositSweep } from '../src/modules/deposits/deposits.startup.ts';
import { reconcilePendingPushes } from '../src/modules/deposits/stk-push.service.ts';
import { depositTransactions, sleep, useDepositTestApp, waitFor, type TestMember } from './deposits-fixtures.ts';

/** Real time plus an offset the tests move forward: the simulator runs on real time, the app's rules on this. */
const clock = {
  offsetMs: 0,
  now: () => new Date(Date.now() + clock.offsetMs),
  advance: (ms: number) => void (clock.offsetMs += ms),
};
const c = useDepositTestApp({ clock });

const push = (member: TestMember, phone: string, amount: unknown = 100, headers: Record<string, string> = {}) =>
  c.call('stkpush', member, { method: 'POST', payload: { phone, amount }, headers });
const statusOf = async (member: TestMember, depositId: string) => (await c.deposits(member)).find((d) => d.id === depositId);
const settled = (member: TestMember, depositId: string) =>
  waitFor(async () => ((await statusOf(member, depositId))?.status ?? 0) !== 0);
/**
 * A push M-Pesa leaves unanswered past its timeout, which the sweep then records as timed out: the member, the push's
 * answer and the simulator's push, which the test settles as it likes.
 */
async function timedOutPush(amount: number) {
  const member = await c.member('KE');
  c.sim.mpesa.behaviour.stkTimeoutMs = 600_000;
  const response = await push(member, '254700000037', amount).finally(() => (c.sim.mpesa.behaviour.stkTimeoutMs = 60_000));
  clock.advance(3 * 60_000);
  await runDepositSweep(c.t.app.deps);
  expect((await statusOf(member, response.data.depositId))?.failure_reason).toMatch(/^Timed out/);
  return { member, response, simPush: c.sim.mpesa.pushes.get(response.data.checkoutRequestId)! };
}
const postCallback = async (body: unknown) => {
  const secret = c.t.app.deps.payments.mpesaCallbackSecret;
  const answer = await fetch(`${c.t.app.deps.publicUrl()}/hooks/mpesa/${secret}/stk`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(await answer.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
};
const reconcileNow = (options: { timeoutMs?: number } = {}) => reconcilePendingPushes(c.t.app.deps, { minAgeMs: 0, ...options });

describe('stkpush', () => {
  it('credits a confirmed push exactly once, with the receipt and the conversion recorded', async () => {
    const member = await c.member('KE');
    const response = await push(member, '0712345678', 250);
    expect(response).toMatchObject({
      httpStatus: 200,
      resultcode: true,
      msg: 'Payment request sent successfully! Enter your M-Pesa PIN on your phone.',
    });
    expect(response.data.status).toBe(0);
    const depositId: string = response.data.depositId;
    await settled(member, depositId);
    const deposit = await statusOf(member, depositId);
    expect(deposit).toMatchObject({ status: 2, failure_reason: null });
    expect(deposit?.provider_ref).toMatch(/^[A-Z0-9]{10}$/);
    expect(await c.depositWallet(member)).toBe(25_000n);

    await reconcileNow();
    await sleep(200);
    expect(await c.depositWallet(member)).toBe(25_000n);
    expect(await depositTransactions(c.t, member.id)).toBe(1);
    const [ledger] = await c.t.sql(
      `SELECT idempotency_key, rate_micro::text, local_amount_minor::text, local_currency FROM ledger_transactions WHERE member_id = $1`,
      [member.id.toString()],
    );
    expect(ledger).toEqual({
      idempotency_key: `deposit:stk:${deposit!.checkout_request_id}`,
      rate_micro: '1000000',
      local_amount_minor: '25000',
      local_currency: 'KES',
    });

    const history = await c.call('deposithistory', member);
    expect(history.data.history).toEqual([
      expect.objectContaining({
        Id: depositId,
        Amount: '250.00',
        Phone: '254712345678',
        'Transaction Code': deposit!.provider_ref,
        Status: 2,
      }),
    ]);
  });

  it('credits once when the callback arrives twice (…99)', async () => {
    const member = await c.member('KE');
    const response = await push(member, '254700000099', 40);
    await settled(member, response.data.depositId);
    const simPush = c.sim.mpesa.pushes.get(response.data.checkoutRequestId)!;
    await waitFor(async () => simPush.callbacksSent === 2);
    await sleep(300);
    expect(await c.depositWallet(member)).toBe(4_000n);
    expect(await depositTransactions(c.t, member.id)).toBe(1);
  });

  it.each([
    ['254700000001', 'Insufficient M-Pesa balance (1)'],
    ['254700000032', 'Cancelled on the phone (1032)'],
  ])('marks %s failed and credits nothing', async (phone, reason) => {
    const member = await c.member('KE');
    const response = await push(member, phone, 100);
    await settled(member, response.data.depositId);
    expect(await statusOf(member, response.data.depositId)).toMatchObject({ status: 1, failure_reason: reason });
    expect(await c.depositWallet(member)).toBe(0n);
    const history = await c.call('deposithistory', member);
    expect(history.data.history[0]).toMatchObject({ Status: 1, Amount: '100.00' });
  });

  it('fails an unreachable phone (…37) through the reconciler once M-Pesa reports 1037', async () => {
    c.sim.mpesa.behaviour.stkTimeoutMs = 300;
    const member = await c.member('KE');
    const response = await push(member, '254700000037', 100);
    await reconcileNow();
    expect((await statusOf(member, response.data.depositId))?.status).toBe(0);
    await sleep(400);
    await reconcileNow();
    expect(await statusOf(member, response.data.depositId)).toMatchObject({
      status: 1,
      failure_reason: 'The phone could not be reached (1037)',
    });
    expect(await c.depositWallet(member)).toBe(0n);
    c.sim.mpesa.behaviour.stkTimeoutMs = 60_000;
  });

  it('gives up on a push M-Pesa never answers after the timeout, and still credits a late confirmation', async () => {
    c.sim.mpesa.behaviour.stkTimeoutMs = 60_000;
    const member = await c.member('KE');
    const response = await push(member, '254700000037', 100);
    clock.advance(3 * 60_000);
    await reconcileNow();
    expect((await statusOf(member, response.data.depositId))?.failure_reason).toMatch(/^Timed out/);
    // M-Pesa finally reports success (the member paid): the timed-out deposit completes, once.
    const simPush = c.sim.mpesa.pushes.get(response.data.checkoutRequestId)!;
    simPush.resultCode = 0;
    simPush.resolvesAt = Date.now();
    simPush.receipt = 'LATE000001';
    const { secret } = { secret: c.t.app.deps.payments.mpesaCallbackSecret };
    const late = await fetch(`${c.t.app.deps.publicUrl()}/hooks/mpesa/${secret}/stk`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(c.sim.mpesa.stkCallbackBody(simPush)),
    });
    expect(await late.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    expect(await statusOf(member, response.data.depositId)).toMatchObject({ status: 2, provider_ref: 'LATE000001' });
    expect(await c.depositWallet(member)).toBe(10_000n);
  });

  it('keeps asking M-Pesa about a push it timed out: a payment completed late is credited by the sweep, once', async () => {
    c.sim.mpesa.behaviour.dropCallbacks = true;
    const member = await c.member('KE');
    let response;
    try {
      c.sim.mpesa.behaviour.stkTimeoutMs = 600_000;
      response = await push(member, '254700000037', 120);
    } finally {
      c.sim.mpesa.behaviour.dropCallbacks = false;
      c.sim.mpesa.behaviour.stkTimeoutMs = 60_000;
    }
    const depositId: string = response.data.depositId;
    clock.advance(3 * 60_000);
    await runDepositSweep(c.t.app.deps);
    expect(await statusOf(member, depositId)).toMatchObject({
      status: 1,
      failure_reason: 'Timed out: no answer from M-Pesa yet; it is credited if M-Pesa confirms the payment',
    });
    // M-Pesa completes it (the member entered the PIN late) and no callback ever comes: only the query can tell.
    const simPush = c.sim.mpesa.pushes.get(response.data.checkoutRequestId)!;
    simPush.resultCode = 0;
    simPush.resolvesAt = Date.now();
    await runDepositSweep(c.t.app.deps);
    expect((await statusOf(member, depositId))?.status).toBe(1); // asked a moment ago: next check in a minute
    clock.advance(61_000);
    await runDepositSweep(c.t.app.deps);
    expect(await statusOf(member, depositId)).toMatchObject({ status: 2, failure_reason: null });
    expect(await c.depositWallet(member)).toBe(12_000n);
    clock.advance(61_000);
    await runDepositSweep(c.t.app.deps);
    expect(await depositTransactions(c.t, member.id)).toBe(1);
  });

  it("gives a timed-out push M-Pesa's final failure, after which a late success callback changes nothing", async () => {
    const { member, response, simPush } = await timedOutPush(80);
    simPush.resultCode = 1032;
    simPush.resolvesAt = Date.now();
    clock.advance(61_000);
    await runDepositSweep(c.t.app.deps);
    expect(await statusOf(member, response.data.depositId)).toMatchObject({
      status: 1,
      failure_reason: 'Cancelled on the phone (1032)',
    });
    const told = await c.t.sql(`SELECT msg FROM member_notifications WHERE member_id = $1`, [member.id.toString()]);
    expect(told).toHaveLength(1);
    // A forged (or confused) success callback afterwards: the final state stands, nothing is credited.
    simPush.resultCode = 0;
    simPush.receipt = 'NOTFINAL01';
    await postCallback(c.sim.mpesa.stkCallbackBody(simPush));
    clock.advance(61_000);
    await runDepositSweep(c.t.app.deps);
    expect(await statusOf(member, response.data.depositId)).toMatchObject({
      status: 1,
      failure_reason: 'Cancelled on the phone (1032)',
    });
    expect(await c.depositWallet(member)).toBe(0n);
  });

  it('never lets a late failure callback undo a completed push', async () => {
    const member = await c.member('KE');
    const response = await push(member, '0712000777', 90);
    await settled(member, response.data.depositId);
    const simPush = c.sim.mpesa.pushes.get(response.data.checkoutRequestId)!;
    await postCallback(c.sim.mpesa.stkCallbackBody({ ...simPush, resultCode: 1032, resultDesc: 'Request cancelled by user.' }));
    expect(await statusOf(member, response.data.depositId)).toMatchObject({ status: 2 });
    expect(await c.depositWallet(member)).toBe(9_000n);
  });

  it("credits once when a late callback and the sweep's query settle a timed-out push together", async () => {
    for (let round = 0; round < 4; round += 1) {
      const { member, response, simPush } = await timedOutPush(30);
      simPush.resultCode = 0;
      simPush.resolvesAt = Date.now();
      simPush.receipt = `RACE${round}00000`;
      clock.advance(61_000);
      const callback = c.sim.mpesa.stkCallbackBody(simPush);
      await Promise.all([
        postCallback(callback),
        runDepositSweep(c.t.app.deps),
        postCallback(callback),
        runDepositSweep(c.t.app.deps),
      ]);
      expect((await statusOf(member, response.data.depositId))?.status).toBe(2);
      expect(await c.depositWallet(member)).toBe(3_000n);
      expect(await depositTransactions(c.t, member.id)).toBe(1);
    }
  });

  it('credits nothing for a forged callback with an unknown CheckoutRequestID, or on a wrong path secret', async () => {
    const member = await c.member('KE');
    const secret = c.t.app.deps.payments.mpesaCallbackSecret;
    const forged = {
      Body: {
        stkCallback: {
          MerchantRequestID: 'x',
          CheckoutRequestID: 'ws_CO_FORGED',
          ResultCode: 0,
          ResultDesc: 'ok',
          CallbackMetadata: {
            Item: [
              { Name: 'Amount', Value: 1000 },
              { Name: 'MpesaReceiptNumber', Value: 'FORGED0001' },
            ],
          },
        },
      },
    };
    const url = `${c.t.app.deps.publicUrl()}/hooks/mpesa`;
    const answer = await fetch(`${url}/${secret}/stk`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(forged),
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    const wrongSecret = await fetch(`${url}/not-the-secret/stk`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(forged),
    });
    expect(wrongSecret.status).toBe(404);
    const garbage = await fetch(`${url}/${secret}/stk`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"nope":',
    });
    expect(garbage.status).toBe(200);
    expect(await c.depositWallet(member)).toBe(0n);
    expect(await c.t.sql(`SELECT 1 FROM deposits WHERE provider_ref = 'FORGED0001'`)).toHaveLength(0);
  });

  it('ignores a callback whose amount differs from the push; the status query then settles the pushed amount', async () => {
    c.sim.mpesa.behaviour.callbackAmountOverride = 5000;
    const member = await c.member('KE');
    const response = await push(member, '0722000111', 50);
    const simPush = () => c.sim.mpesa.pushes.get(response.data.checkoutRequestId)!;
    await waitFor(async () => simPush().callbacksSent === 1);
    await sleep(200);
    c.sim.mpesa.behaviour.callbackAmountOverride = null;
    expect((await statusOf(member, response.data.depositId))?.status).toBe(0);
    expect(await c.depositWallet(member)).toBe(0n);
    await reconcileNow();
    expect((await statusOf(member, response.data.depositId))?.status).toBe(2);
    expect(await c.depositWallet(member)).toBe(5_000n);
  });

  it('credits once through the reconciler when the callback never comes but the query says success', async () => {
    c.sim.mpesa.behaviour.dropCallbacks = true;
    const member = await c.member('KE');
    const response = await push(member, '0712000222', 75);
    await sleep(300);
    c.sim.mpesa.behaviour.dropCallbacks = false;
    expect((await statusOf(member, response.data.depositId))?.status).toBe(0);
    await Promise.all([reconcileNow(), reconcileNow()]);
    await reconcileNow();
    expect((await statusOf(member, response.data.depositId))?.status).toBe(2);
    expect(await c.depositWallet(member)).toBe(7_500n);
    expect(await depositTransactions(c.t, member.id)).toBe(1);
  });

  it('fetches a new OAuth token when M-Pesa says the cached one is invalid', async () => {
    const member = await c.member('KE');
    c.sim.mpesa.expireTokens();
    const response = await push(member, '0712000455', 30);
    expect(response.httpStatus).toBe(200);
    await settled(member, response.data.depositId);
    expect(await c.depositWallet(member)).toBe(3_000n);
  });

  it('returns the first deposit for a repeated Idempotency-Key and pushes once', async () => {
    const member = await c.member('KE');
    const before = c.sim.mpesa.pushes.size;
    const headers = { 'idempotency-key': 'stk-repeat-0001' };
    const first = await push(member, '0712000333', 60, headers);
    const again = await push(member, '0712000333', 60, headers);
    expect(again.data.depositId).toBe(first.data.depositId);
    expect(c.sim.mpesa.pushes.size).toBe(before + 1);
    const different = await push(member, '0712000333', 61, headers);
    expect(different).toMatchObject({ httpStatus: 409 });
    await settled(member, first.data.depositId);
    expect(await c.depositWallet(member)).toBe(6_000n);
    expect(await c.deposits(member)).toHaveLength(1);
  });

  it.each([
    [{ phone: '0712345678', amount: -5 }, 'Please enter a valid amount (digits with at most 2 decimals)'],
    [{ phone: '0712345678', amount: 0 }, 'Amount must be greater than 0'],
    [{ phone: '0712345678', amount: '10.005' }, 'Please enter a valid amount (digits with at most 2 decimals)'],
    [{ phone: '0712345678', amount: '1000000000000000000' }, 'Please enter a valid amount (digits with at most 2 decimals)'],
    [{ phone: '0712345678', amount: '300000' }, 'The maximum deposit is KES 250000.00'],
    [{ phone: '0712345678', amount: 'abc' }, 'Please enter a valid amount (digits with at most 2 decimals)'],
    [
      { phone: '0712345678', amount: 10.5 },
      'M-Pesa accepts whole shillings only. Enter an amount without cents, for example 100.',
    ],
    [{ amount: 10 }, 'Please fill all fields'],
    [{ phone: '0712345678' }, 'Please enter a valid amount'],
    [{ phone: '', amount: 10 }, 'Please fill all fields'],
    [{ phone: '0812345678', amount: 10 }, 'Enter a Safaricom number like 254712345678 or 0712345678'],
    [{ phone: '+256712345678', amount: 10 }, 'Enter a Safaricom number like 254712345678 or 0712345678'],
    [{ phone: '07123abc78', amount: 10 }, 'Enter a Safaricom number like 254712345678 or 0712345678'],
  ])('refuses %j with a clear message and no deposit', async (payload, msg) => {
    const member = await c.member('KE');
    const response = await c.call('stkpush', member, { method: 'POST', payload });
    expect(response.httpStatus).toBe(400);
    expect(response).toMatchObject({ resultcode: false, msg });
    expect(await c.deposits(member)).toHaveLength(0);
    expect(await c.depositWallet(member)).toBe(0n);
  });

  it('offers STK push to Kenya only and refuses it elsewhere; needs a session', async () => {
    const uganda = await c.member('UG');
    const refused = await c.call('stkpush', uganda, { method: 'POST', payload: { phone: '0712345678', amount: 100 } });
    expect(refused).toMatchObject({
      httpStatus: 400,
      msg: 'M-Pesa STK push is available to members in Kenya only. Please use another deposit method.',
    });
    expect(await c.deposits(uganda)).toHaveLength(0);
    const anonymous = await c.call(
      'stkpush',
      { id: 0n, token: '', username: '' },
      { method: 'POST', payload: { phone: '0712345678', amount: 100 } },
    );
    expect(anonymous.httpStatus).toBe(401);
    const kenya = await c.call('grabpayment', await c.member('KE'));
    expect(kenya.data).toMatchObject({ stkpush: true, flutter: true });
    expect(kenya.data.procedure['M-Pesa Paybill'][0][0]).toEqual({ Step: '1', Description: expect.any(String) });
    const ug = await c.call('grabpayment', uganda);
    expect(ug.data.stkpush).toBe(false);
    expect(Object.keys(ug.data.procedure).sort()).toEqual(['Airtel Money', 'MTN Mobile Money']);
  });
});
