import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DarajaClient } from '../src/payments/mpesa/daraja-client.ts';
import {
  parseAccountBalanceResult,
  parseB2CQueueTimeout,
  parseB2CResult,
  parseB2CStatusResult,
} from '../src/payments/mpesa/b2c-results.ts';
import type { SendOutcome } from '../src/payments/send-outcome.ts';
import { createTestApp } from './harness.ts';
import {
  decryptTestCredential,
  startPayoutProviders,
  TEST_CERTIFICATE_PATH,
  type PayoutProviders,
  type Received,
} from './provider-payouts-fixtures.ts';

/**
 * Issue 14: every B2C outcome of the simulator, through the real Daraja client over HTTP, and the parsers of what
 * comes back. Results are held by the simulator until a test releases them, so nothing here sleeps.
 */
let p: PayoutProviders;
let daraja: DarajaClient;
let counter = 0;
beforeAll(async () => {
  p = await startPayoutProviders();
  daraja = p.daraja();
});
afterAll(async () => p.close());

const newId = () => `tuzo-payout-${process.pid}-${(counter += 1)}`;
const urls = () => ({ resultUrl: `${p.receiver.url}/b2c/result`, queueTimeoutUrl: `${p.receiver.url}/b2c/timeout` });
const pay = (msisdn: string, amountMinor: bigint, originatorConversationId = newId()) =>
  daraja.b2cPayment({ originatorConversationId, msisdn, amountMinor, remarks: 'Tuzo withdrawal', ...urls() });
const resultFor = (id: string) =>
  p.receiver.waitFor(
    (r) =>
      r.path === '/b2c/result' &&
      (r.body as { Result?: { OriginatorConversationID?: string } }).Result?.OriginatorConversationID === id,
  );

function accepted<T>(outcome: SendOutcome<T>): T {
  if (outcome.kind !== 'accepted') throw new Error(`expected accepted, got ${JSON.stringify(outcome)}`);
  return outcome.accepted;
}

/** Sends a status query about a payout and returns its parsed result (matched on the acknowledged ConversationID). */
async function statusOf(key: { originatorConversationId: string } | { transactionId: string }) {
  const ack = accepted(
    await daraja.b2cTransactionStatus({
      ...key,
      resultUrl: `${p.receiver.url}/status`,
      queueTimeoutUrl: `${p.receiver.url}/status-timeout`,
    }),
  );
  const result: Received = await p.receiver.waitFor(
    (r) =>
      r.path === '/status' && (r.body as { Result?: { ConversationID?: string } }).Result?.ConversationID === ack.conversationId,
  );
  return parseB2CStatusResult(result.body);
}

describe('Daraja B2C through the simulator', () => {
  it('pays: acknowledgement, then a Result with receipt, amount, public name and balances; the status query agrees', async () => {
    const before = p.sim.mpesa.b2c.utilityBalanceMinor;
    const id = newId();
    const ack = accepted(await pay('254712345678', 1500_00n, id));
    expect(ack.originatorConversationId).toBe(id);
    expect(ack.conversationId).toMatch(/^AG_/);
    expect(await p.sim.mpesa.b2c.releaseResults(id)).toBe(1);
    const result = parseB2CResult((await resultFor(id)).body);
    expect(result).toMatchObject({
      originatorConversationId: id,
      conversationId: ack.conversationId,
      resultCode: '0',
      isSuccess: true,
      amountMinor: 1500_00n,
      receiverPartyPublicName: '254712345678 - RECIPIENT 345678',
      receiverMsisdn: '254712345678',
      receiverName: 'RECIPIENT 345678',
      utilityAvailableMinor: before - 1500_00n,
      recipientIsRegistered: true,
    });
    expect(result?.receipt).toMatch(/^[A-Z0-9]{10}$/);
    expect(Math.abs((result?.completedAt?.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
    expect(p.sim.mpesa.b2c.utilityBalanceMinor).toBe(before - 1500_00n);

    const byId = await statusOf({ originatorConversationId: id });
    expect(byId).toMatchObject({
      state: 'completed',
      receipt: result?.receipt,
      amountMinor: 1500_00n,
      transactionStatus: 'Completed',
    });
    const byReceipt = await statusOf({ transactionId: result?.receipt ?? '' });
    expect(byReceipt).toMatchObject({ state: 'completed', receipt: result?.receipt });
  });

  it('refuses a second request with the same OriginatorConversationID (500.002.1001) and pays once', async () => {
    const id = newId();
    accepted(await pay('254712000001', 100_00n, id));
    const balance = p.sim.mpesa.b2c.utilityBalanceMinor;
    const again = await pay('254712000001', 100_00n, id);
    expect(again).toEqual({
      kind: 'refused',
      reason: 'duplicate',
      httpStatus: 500,
      errorCode: '500.002.1001',
      message: 'Duplicate OriginatorConversationID',
    });
    expect(p.sim.mpesa.b2c.utilityBalanceMinor).toBe(balance);
    await p.sim.mpesa.b2c.releaseResults(id);
    expect(parseB2CResult((await resultFor(id)).body)?.isSuccess).toBe(true);
  });

  it.each([
    ['254700000001', '1', 'The balance is insufficient for the transaction.'],
    ['254700000003', '3', 'Declined due to limit rule: greater than the maximum transaction amount.'],
    ['254700000004', '4', 'Declined due to limit rule: would exceed daily transfer limit.'],
    [
      '254700000040',
      '2040',
      "Credit Party customer type (Unregistered or Registered Customer) can't be supported by the service.",
    ],
  ])('fails %s with ResultCode %s and no parameters; the status query reports the failure', async (phone, code, desc) => {
    const before = p.sim.mpesa.b2c.utilityBalanceMinor;
    const id = newId();
    accepted(await pay(phone, 200_00n, id));
    await p.sim.mpesa.b2c.releaseResults(id);
    const received = await resultFor(id);
    expect((received.body as { Result: Record<string, unknown> }).Result.ResultParameters).toBeUndefined();
    expect(parseB2CResult(received.body)).toMatchObject({
      resultCode: code,
      resultDesc: desc,
      isSuccess: false,
      receipt: null,
      amountMinor: null,
    });
    expect(await statusOf({ originatorConversationId: id })).toMatchObject({ state: 'failed', resultCode: code, receipt: null });
    expect(p.sim.mpesa.b2c.utilityBalanceMinor).toBe(before);
  });

  it('sends ResultCode as a string when asked, and the parser reads it the same', async () => {
    p.sim.mpesa.b2c.behaviour.resultCodeAsString = true;
    try {
      const paid = newId();
      const failed = newId();
      accepted(await pay('254712000002', 100_00n, paid));
      accepted(await pay('254700000040', 100_00n, failed));
      await p.sim.mpesa.b2c.releaseResults();
      const paidBody = (await resultFor(paid)).body as { Result: { ResultCode: unknown } };
      expect(paidBody.Result.ResultCode).toBe('0');
      expect(parseB2CResult(paidBody)?.isSuccess).toBe(true);
      expect(parseB2CResult((await resultFor(failed)).body)).toMatchObject({ resultCode: '2040', isSuccess: false });
    } finally {
      p.sim.mpesa.b2c.behaviour.resultCodeAsString = false;
    }
  });

  it('fails any phone with ResultCode 1 when the utility balance is too low; the balance query reports it', async () => {
    const control = await fetch(`${p.sim.url}/sim/mpesa/utility-balance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ amount: '300.00' }),
    });
    expect(await control.json()).toEqual({ amount: '300.00' });
    try {
      const id = newId();
      accepted(await pay('254712000003', 500_00n, id));
      await p.sim.mpesa.b2c.releaseResults(id);
      expect(parseB2CResult((await resultFor(id)).body)).toMatchObject({ resultCode: '1', isSuccess: false });
      expect(await statusOf({ originatorConversationId: id })).toMatchObject({ state: 'failed', resultCode: '1' });

      const ack = accepted(
        await daraja.accountBalance({
          resultUrl: `${p.receiver.url}/balance`,
          queueTimeoutUrl: `${p.receiver.url}/balance-timeout`,
        }),
      );
      await p.sim.mpesa.b2c.releaseResults();
      const balance = await p.receiver.waitFor(
        (r) =>
          r.path === '/balance' &&
          (r.body as { Result: { ConversationID: string } }).Result.ConversationID === ack.conversationId,
      );
      expect(parseAccountBalanceResult(balance.body)).toMatchObject({
        isSuccess: true,
        utilityAvailableMinor: 300_00n,
        workingAvailableMinor: 0n,
      });
    } finally {
      p.sim.mpesa.b2c.utilityBalanceMinor = 1_000_000_00n;
    }
  });

  it('…37: paid but no Result ever comes; the status query says Completed', async () => {
    const id = newId();
    accepted(await pay('254700000037', 300_00n, id));
    expect(await p.sim.mpesa.b2c.releaseResults(id)).toBe(0);
    const status = await statusOf({ originatorConversationId: id });
    expect(status).toMatchObject({ state: 'completed', amountMinor: 300_00n });
    expect(p.sim.mpesa.b2c.payouts.get(id)?.resultsSent).toBe(0);
  });

  it('…38: a queue timeout, never processed (status: not found); the same id sent again is paid', async () => {
    const before = p.sim.mpesa.b2c.utilityBalanceMinor;
    const id = newId();
    accepted(await pay('254700000038', 400_00n, id));
    await p.sim.mpesa.b2c.releaseResults(id);
    const timeout = await p.receiver.waitFor(
      (r) => r.path === '/b2c/timeout' && (r.body as { OriginatorConversationID?: string }).OriginatorConversationID === id,
    );
    expect(JSON.stringify(timeout.body)).not.toContain(p.sim.mpesa.credentials.securityCredential);
    expect(parseB2CQueueTimeout(timeout.body)).toEqual({
      originatorConversationId: id,
      conversationId: null,
      amountMinor: 400_00n,
      msisdn: '254700000038',
    });
    expect(await statusOf({ originatorConversationId: id })).toMatchObject({ state: 'not-found', resultCode: 'R000002' });
    expect(p.sim.mpesa.b2c.utilityBalanceMinor).toBe(before);

    accepted(await pay('254700000038', 400_00n, id));
    await p.sim.mpesa.b2c.releaseResults(id);
    expect(parseB2CResult((await resultFor(id)).body)).toMatchObject({ isSuccess: true, amountMinor: 400_00n });
    expect(p.sim.mpesa.b2c.utilityBalanceMinor).toBe(before - 400_00n);
  });

  it('…55: the status query says Completed while the Result is still held; the Result comes later', async () => {
    p.sim.mpesa.b2c.behaviour.holdResults = false;
    try {
      const id = newId();
      accepted(await pay('254700000055', 600_00n, id));
      const status = await statusOf({ originatorConversationId: id });
      expect(status?.state).toBe('completed');
      expect(p.receiver.received.some((r) => r.path === '/b2c/result' && JSON.stringify(r.body).includes(id))).toBe(false);
      const released = await fetch(`${p.sim.url}/sim/mpesa/b2c/release`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ OriginatorConversationID: id }),
      });
      expect(await released.json()).toEqual({ released: 1 });
      expect(parseB2CResult((await resultFor(id)).body)).toMatchObject({ isSuccess: true, receipt: status?.receipt });
    } finally {
      p.sim.mpesa.b2c.behaviour.holdResults = true;
    }
  });

  it('…77: the Result arrives before the acknowledgement returns', async () => {
    const id = newId();
    const outcome = await pay('254700000077', 700_00n, id);
    const arrived = p.receiver.received.find((r) => r.path === '/b2c/result' && JSON.stringify(r.body).includes(id));
    expect(arrived).toBeDefined();
    expect(parseB2CResult(arrived?.body)).toMatchObject({ isSuccess: true, conversationId: accepted(outcome).conversationId });
  });

  it('…99: the Result is sent twice, identical', async () => {
    const id = newId();
    accepted(await pay('254700000099', 800_00n, id));
    expect(await p.sim.mpesa.b2c.releaseResults(id)).toBe(2);
    const copies = p.receiver.received.filter((r) => r.path === '/b2c/result' && JSON.stringify(r.body).includes(id));
    expect(copies).toHaveLength(2);
    expect(parseB2CResult(copies[0]?.body)).toEqual(parseB2CResult(copies[1]?.body));
  });

  it('answers "not found" about an id it never received', async () => {
    expect(await statusOf({ originatorConversationId: 'never-sent-1' })).toMatchObject({ state: 'not-found' });
  });
});

describe('classifying what became of a B2C request', () => {
  it('spike arrest is unknown; a hang before taking it is unknown and not found; a hang or 503 after taking it is unknown and paid', async () => {
    const fast = p.daraja({ timeoutMs: 300 });
    const send = (id: string) =>
      fast.b2cPayment({
        originatorConversationId: id,
        msisdn: '254712000009',
        amountMinor: 100_00n,
        remarks: 'Tuzo withdrawal',
        ...urls(),
      });
    const faults = await fetch(`${p.sim.url}/sim/mpesa/b2c/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ faults: ['spike-arrest', 'hang-before', 'hang-after', 'error-after'] }),
    });
    expect(await faults.json()).toEqual({ queued: 4 });
    const ids = [newId(), newId(), newId(), newId()] as const;
    expect(await send(ids[0])).toMatchObject({ kind: 'unknown', reason: 'busy', httpStatus: 500, errorCode: '500.003.02' });
    expect(await send(ids[1])).toMatchObject({ kind: 'unknown', reason: 'network', httpStatus: 0 });
    expect(await send(ids[2])).toMatchObject({ kind: 'unknown', reason: 'network', httpStatus: 0 });
    expect(await send(ids[3])).toMatchObject({ kind: 'unknown', reason: 'server-error', httpStatus: 503 });
    expect((await statusOf({ originatorConversationId: ids[0] }))?.state).toBe('not-found');
    expect((await statusOf({ originatorConversationId: ids[1] }))?.state).toBe('not-found');
    expect((await statusOf({ originatorConversationId: ids[2] }))?.state).toBe('completed');
    expect((await statusOf({ originatorConversationId: ids[3] }))?.state).toBe('completed');
    // Re-sending the one that was taken is refused as a duplicate: it cannot pay twice.
    expect(await send(ids[2])).toMatchObject({ kind: 'refused', reason: 'duplicate' });
  });

  it('refuses bad input at the gateway (400.002.02), bad credentials, and a missing initiator before sending', async () => {
    const wrongShortcode = await p.daraja({ b2cShortcode: '999999' }).b2cPayment({
      originatorConversationId: newId(),
      msisdn: '254712000010',
      amountMinor: 100_00n,
      remarks: 'Tuzo withdrawal',
      ...urls(),
    });
    expect(wrongShortcode).toEqual({
      kind: 'refused',
      reason: 'invalid',
      httpStatus: 400,
      errorCode: '400.002.02',
      message: 'Bad Request - Invalid PartyA',
    });
    const wrongSecret = await p.daraja({ consumerSecret: 'nope' }).b2cPayment({
      originatorConversationId: newId(),
      msisdn: '254712000010',
      amountMinor: 100_00n,
      remarks: 'Tuzo withdrawal',
      ...urls(),
    });
    expect(wrongSecret).toMatchObject({ kind: 'refused', reason: 'auth', httpStatus: 400 });
    const noInitiator = await p.daraja({ securityCredential: '' }).b2cPayment({
      originatorConversationId: newId(),
      msisdn: '254712000010',
      amountMinor: 100_00n,
      remarks: 'Tuzo withdrawal',
      ...urls(),
    });
    expect(noInitiator).toMatchObject({ kind: 'refused', reason: 'config', httpStatus: 0 });
    const valid = { msisdn: '254712000010', amountMinor: 100_00n, remarks: 'Tuzo withdrawal', ...urls() };
    for (const [request, message] of [
      [{ ...valid, amountMinor: 100_50n }, 'A B2C amount must be a whole number of shillings, at least 1'],
      [{ ...valid, msisdn: '0712000010' }, 'A B2C phone must be 2547XXXXXXXX or 2541XXXXXXXX'],
      [{ ...valid, remarks: 'x' }, 'B2C remarks must be 2 to 100 characters'],
    ] as const) {
      const outcome = await daraja.b2cPayment({ originatorConversationId: newId(), ...request });
      expect(outcome).toEqual({ kind: 'refused', reason: 'invalid', httpStatus: 0, errorCode: null, message });
    }
  });

  it('gets a new token when the old one expired, and pays once', async () => {
    p.sim.mpesa.expireTokens();
    const id = newId();
    expect((await pay('254712000011', 100_00n, id)).kind).toBe('accepted');
    expect(p.sim.mpesa.b2c.payouts.get(id)?.state).toBe('paid');
  });

  it('refuses a payment whose initiator M-Pesa does not know with ResultCode 2001 in the Result', async () => {
    const id = newId();
    accepted(
      await p.daraja({ initiatorName: 'someone-else' }).b2cPayment({
        originatorConversationId: id,
        msisdn: '254712000012',
        amountMinor: 100_00n,
        remarks: 'Tuzo withdrawal',
        ...urls(),
      }),
    );
    await p.sim.mpesa.b2c.releaseResults(id);
    expect(parseB2CResult((await resultFor(id)).body)).toMatchObject({ resultCode: '2001', isSuccess: false });
  });
});

describe("the app's own clients (npm start's wiring: no keys, the simulator)", () => {
  it('pay by B2C from the B2C shortcode and queue a transfer, with the credential as set or encrypted from the password', async () => {
    const envs: Array<Record<string, string>> = [
      {},
      {
        MPESA_SECURITY_CREDENTIAL: '',
        MPESA_INITIATOR_PASSWORD: 'Safaricom999!*!',
        MPESA_CERTIFICATE_PATH: TEST_CERTIFICATE_PATH,
      },
    ];
    for (const env of envs) {
      const t = await createTestApp(env);
      try {
        const { mpesa, flutterwave } = t.app.deps.payments;
        const id = newId();
        const outcome = await mpesa!.b2cPayment({
          originatorConversationId: id,
          msisdn: '254712000020',
          amountMinor: 100_00n,
          remarks: 'Tuzo withdrawal',
          ...urls(),
        });
        expect(outcome.kind).toBe('accepted');
        const payout = t.sim.mpesa.b2c.payouts.get(id);
        expect(payout?.request).toMatchObject({ PartyA: '600000', PartyB: '254712000020', Amount: 100 });
        expect(payout?.state).toBe('paid');
        if (env.MPESA_INITIATOR_PASSWORD) expect(decryptTestCredential(payout?.securityCredential ?? '')).toBe('Safaricom999!*!');
        else expect(payout?.securityCredential).toBe(t.sim.mpesa.credentials.securityCredential);
        const transfer = await flutterwave!.createTransfer({
          reference: `ref-${id}`,
          accountBank: 'MPS',
          accountNumber: '254712000020',
          amountMinor: 100_00n,
          currency: 'KES',
          narration: 'Tuzo withdrawal',
          beneficiaryName: 'Jane',
        });
        expect(transfer).toMatchObject({ kind: 'accepted', accepted: { status: 'NEW', reference: `ref-${id}` } });
      } finally {
        await t.close();
      }
    }
  });
});
