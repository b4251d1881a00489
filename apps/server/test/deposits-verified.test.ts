import { describe, expect, it } from 'vitest';
import { madeBeforeAll } from './before-all.ts';
import { SettableClock } from '../src/lib/clock.ts';
import { runDepositSweep } from '../src/modules/deposits/deposits.startup.ts';
import { NO_NOTIFICATION_MSG } from '../src/modules/deposits/manual-code.messages.ts';
import { creditManualCode } from '../src/modules/deposits/manual-code.service.ts';
import { depositTransactions, FORWARDER_PHONE, useDepositTestApp, waitFor, type TestMember } from './deposits-fixtures.ts';

/**
 * Issue 12 §2: a C2B confirmation or a forwarded M-Pesa SMS is credited only after Daraja's transaction status query
 * (the simulator, over HTTP) confirmed it; a claimed code waits for the check; a code M-Pesa does not know is refused.
 */
const VERIFYING_MSG =
  'We are confirming this code with M-Pesa. It will be added to your Deposit wallet as soon as M-Pesa confirms it; there is no need to send it again.';
const UNKNOWN_MSG = 'M-Pesa does not know this transaction code. Please check the code and try again.';
const MISMATCH_MSG =
  'M-Pesa reports a different amount for this transaction code, so it cannot be credited. Please contact customer care.';

const clock = new SettableClock();
const c = useDepositTestApp({ clock });
const operator = madeBeforeAll(() => c.member('KE'));

const recover = (member: TestMember, ref_code: string) =>
  c.call('recovercode', member, { method: 'POST', payload: { ref_code } });
const notification = async (code: string) =>
  (
    await c.t.sql<{
      verification: string;
      verified_amount_minor: string | null;
      verification_note: string | null;
      query_conversation_id: string | null;
      query_attempts: number;
      claimed: boolean;
    }>(
      `SELECT verification, verified_amount_minor::text, verification_note, query_conversation_id, query_attempts,
              claimed_by_deposit_id IS NOT NULL AS claimed
       FROM payment_notifications WHERE trans_id = $1`,
      [code],
    )
  )[0];
const settled = (code: string) =>
  waitFor(async () => (await notification(code))?.verification !== 'pending' && (await notification(code)));
const forwardSms = (text: string, headers: Record<string, string>) =>
  fetch(`${c.t.app.deps.publicUrl()}/hooks/sms`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ from: 'MPESA', to: FORWARDER_PHONE, message: text }),
  });
const mpesaSms = (code: string, amount: string) =>
  `${code} Confirmed. Ksh${amount} received from JOHN DOE 254712345678 on 1/11/26 at 10:00 AM New M-PESA balance is Ksh9,000.00.`;
const smsSecret = () => ({ 'x-forwarder-secret': c.t.app.deps.payments.smsForwarderSecret });
const statusHook = () => `${c.t.app.deps.publicUrl()}/hooks/mpesa/${c.t.app.deps.payments.mpesaCallbackSecret}/status`;

describe('C2B confirmations wait for the transaction status query', () => {
  it('stores the confirmation unverified and queries M-Pesa; a code claimed meanwhile waits, then is credited once', async () => {
    c.sim.mpesa.behaviour.callbackDelayMs = 1500;
    try {
      await c.sim.mpesa.sendC2B({ TransID: 'WAIT000001', TransAmount: '640.00', MSISDN: '254712345678' });
      expect(await notification('WAIT000001')).toMatchObject({ verification: 'pending', query_attempts: 1, claimed: false });
      expect(c.sim.mpesa.statusQueries.filter((q) => q.transactionId === 'WAIT000001')).toHaveLength(1);

      const alice = await c.member('KE');
      const bob = await c.member('KE');
      const waiting = await recover(alice, 'WAIT000001');
      expect(waiting).toMatchObject({
        httpStatus: 202,
        resultcode: true,
        msg: VERIFYING_MSG,
        data: { state: 'verifying', amount: null },
      });
      expect(await recover(alice, 'wait000001')).toMatchObject({ httpStatus: 202, msg: VERIFYING_MSG });
      expect(await recover(bob, 'WAIT000001')).toMatchObject({ httpStatus: 409, msg: 'This code has already been used' });
      expect(await c.depositWallet(alice)).toBe(0n);

      await waitFor(async () => (await c.depositWallet(alice)) === 64_000n, 5000);
      expect(await notification('WAIT000001')).toMatchObject({
        verification: 'verified',
        verified_amount_minor: '64000',
        claimed: true,
      });
      expect(await depositTransactions(c.t, alice.id)).toBe(1);
      const told = await c.t.sql(`SELECT msg FROM member_notifications WHERE member_id = $1`, [alice.id.toString()]);
      expect(told).toEqual([{ msg: 'Your deposit of KES 640.00 has been received.' }]);
      expect(await recover(alice, 'WAIT000001')).toMatchObject({ httpStatus: 409 });
      expect(await recover(bob, 'WAIT000001')).toMatchObject({ httpStatus: 409 });
      expect(await c.depositWallet(bob)).toBe(0n);
    } finally {
      c.sim.mpesa.behaviour.callbackDelayMs = 150;
    }
  });

  it('credits once when claims race the status result (members claiming before, during and after it)', async () => {
    c.sim.mpesa.behaviour.callbackDelayMs = 300;
    try {
      await c.sim.mpesa.sendC2B({ TransID: 'RACEVERIF1', TransAmount: '45.00', MSISDN: '254712345678' });
      const members = await Promise.all(Array.from({ length: 12 }, () => c.member('KE')));
      const answers = [];
      for (const [index, member] of members.entries()) {
        answers.push(recover(member, 'RACEVERIF1'));
        if (index % 2 === 1) await new Promise((resolve) => setTimeout(resolve, 60));
      }
      const results = await Promise.all(answers);
      expect(results.every((r) => [200, 202, 409].includes(r.httpStatus))).toBe(true);
      expect(results.filter((r) => r.httpStatus !== 409).length).toBeGreaterThanOrEqual(1);
      await settled('RACEVERIF1');
      await waitFor(async () => (await notification('RACEVERIF1'))?.claimed === true);
      const balances = await Promise.all(members.map((m) => c.depositWallet(m)));
      expect(balances.filter((b) => b > 0n)).toEqual([4_500n]);
      const credited = members[balances.findIndex((b) => b > 0n)]!;
      expect(await depositTransactions(c.t, credited.id)).toBe(1);
    } finally {
      c.sim.mpesa.behaviour.callbackDelayMs = 150;
    }
  });

  it('ignores a result with a ConversationID we never got, and never overwrites a final answer', async () => {
    await c.sim.mpesa.sendC2B({ TransID: 'FINAL00001', TransAmount: '10', MSISDN: '254712345678' });
    const verified = await settled('FINAL00001');
    expect(verified).toMatchObject({ verification: 'verified' });
    const failure = (conversationId: string) => ({
      Result: {
        ResultType: 0,
        ResultCode: 'R000002',
        ResultDesc: 'The transaction could not be found.',
        ConversationID: conversationId,
        OriginatorConversationID: 'x',
      },
    });
    const post = (body: unknown) =>
      fetch(statusHook(), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(await (await post(failure(verified ? verified.query_conversation_id! : ''))).json()).toEqual({
      ResultCode: 0,
      ResultDesc: 'Accepted',
    });
    expect(await notification('FINAL00001')).toMatchObject({ verification: 'verified' });

    // A forged success for a pending notification: the ConversationID is not the one M-Pesa acknowledged.
    c.sim.mpesa.behaviour.callbackDelayMs = 60_000;
    try {
      await c.sim.mpesa.sendC2B({ TransID: 'FORGED0001', TransAmount: '99', MSISDN: '254712345678' });
    } finally {
      c.sim.mpesa.behaviour.callbackDelayMs = 150;
    }
    await post({
      Result: {
        ResultCode: 0,
        ResultDesc: 'ok',
        ConversationID: 'AG_20260101_forged',
        ResultParameters: {
          ResultParameter: [
            { Key: 'TransactionStatus', Value: 'Completed' },
            { Key: 'ReceiptNo', Value: 'FORGED0001' },
            { Key: 'Amount', Value: 99 },
          ],
        },
      },
    });
    await post({ not: 'a result' });
    expect(await notification('FORGED0001')).toMatchObject({ verification: 'pending', claimed: false });
    expect(
      await (
        await fetch(statusHook().replace('/status', '/status-timeout'), {
          method: 'POST',
          body: '{}',
          headers: { 'content-type': 'application/json' },
        })
      ).json(),
    ).toEqual({
      ResultCode: 0,
      ResultDesc: 'Accepted',
    });
  });
});

describe('SMS-forwarded M-Pesa payments are confirmed the same way', () => {
  it('takes the shared secret in a header; refuses a code M-Pesa does not know and tells the member who claimed it', async () => {
    expect((await forwardSms(mpesaSms('NOSUCH0001', '300.00'), { 'x-forwarder-secret': 'wrong' })).status).toBe(401);
    expect((await forwardSms(mpesaSms('NOSUCH0001', '300.00'), {})).status).toBe(401);
    c.sim.mpesa.behaviour.callbackDelayMs = 1500;
    try {
      expect(await (await forwardSms(mpesaSms('NOSUCH0001', '300.00'), smsSecret())).json()).toEqual({
        ok: true,
        stored: true,
        transId: 'NOSUCH0001',
      });
      const carol = await c.member('KE');
      expect(await recover(carol, 'NOSUCH0001')).toMatchObject({ httpStatus: 202, msg: VERIFYING_MSG });
      const refused = await settled('NOSUCH0001');
      expect(refused).toMatchObject({
        verification: 'refused',
        verification_note: 'M-Pesa does not know this transaction: The transaction could not be found. (R000002)',
        claimed: false,
      });
      expect(await recover(carol, 'NOSUCH0001')).toMatchObject({
        httpStatus: 400,
        resultcode: false,
        code: 'VALIDATION_FAILED',
        msg: UNKNOWN_MSG,
      });
      expect(await c.depositWallet(carol)).toBe(0n);
      const told = await c.t.sql(`SELECT msg, severity FROM member_notifications WHERE member_id = $1`, [carol.id.toString()]);
      expect(told).toEqual([
        { msg: 'Your transaction code NOSUCH0001 could not be confirmed with M-Pesa and was not credited.', severity: 'warning' },
      ]);
    } finally {
      c.sim.mpesa.behaviour.callbackDelayMs = 150;
    }
  });

  it('refuses (and flags) a message whose amount is not what M-Pesa received', async () => {
    c.sim.mpesa.registerTransaction({ receipt: 'MISMATCH01', amount: 100 });
    await forwardSms(mpesaSms('MISMATCH01', '1,000.00'), smsSecret());
    expect(await settled('MISMATCH01')).toMatchObject({
      verification: 'refused',
      verified_amount_minor: '10000',
      verification_note: 'Amount mismatch: M-Pesa says 100.00, the notification said 1000.00',
    });
    const dave = await c.member('KE');
    expect(await recover(dave, 'MISMATCH01')).toMatchObject({ httpStatus: 400, msg: MISMATCH_MSG });
    expect(await c.depositWallet(dave)).toBe(0n);
  });

  it('credits a confirmed message once', async () => {
    c.sim.mpesa.registerTransaction({ receipt: 'SMSOK00001', amount: 75 });
    await forwardSms(mpesaSms('SMSOK00001', '75.00'), smsSecret());
    expect(await settled('SMSOK00001')).toMatchObject({ verification: 'verified' });
    const erin = await c.member('KE');
    expect(await recover(erin, 'SMSOK00001')).toMatchObject({ httpStatus: 200, data: { state: 'credited', amount: '75.00' } });
    expect(await c.depositWallet(erin)).toBe(7_500n);
  });
});

describe('asking again when M-Pesa could not answer', () => {
  it('keeps the notification pending on an initiator error and the sweep (moved clock) asks again', async () => {
    const { credentials } = c.sim.mpesa;
    const realInitiator = credentials.initiatorName;
    credentials.initiatorName = 'renamed-on-the-portal';
    try {
      await c.sim.mpesa.sendC2B({ TransID: 'RETRY00001', TransAmount: '55', MSISDN: '254712345678' });
      await waitFor(async () => (await notification('RETRY00001'))?.query_conversation_id === null);
    } finally {
      credentials.initiatorName = realInitiator;
    }
    expect(await notification('RETRY00001')).toMatchObject({ verification: 'pending', query_attempts: 1 });
    expect(await runDepositSweep(c.t.app.deps)).toMatchObject({ notificationsQueried: 0 });
    clock.advance(61_000);
    expect((await runDepositSweep(c.t.app.deps)).notificationsQueried).toBeGreaterThanOrEqual(1);
    expect(await settled('RETRY00001')).toMatchObject({ verification: 'verified', query_attempts: 2 });
  });
});

describe('the review queue matches verified notifications only', () => {
  it('does not take a refused notification’s amount; the operator must type one', async () => {
    await forwardSms(mpesaSms('REVIEWREF1', '5,000.00'), smsSecret());
    expect(await settled('REVIEWREF1')).toMatchObject({ verification: 'refused' });
    const frank = await c.member('KE');
    // Refused: the member is told; nothing is queued from the claim.
    expect(await recover(frank, 'REVIEWREF1')).toMatchObject({ httpStatus: 400 });
    await c.t.sql(`INSERT INTO code_reviews (member_id, code) VALUES ($1, 'REVIEWREF1')`, [frank.id.toString()]);
    const [review] = await c.t.sql<{ id: string }>(`SELECT id::text FROM code_reviews WHERE member_id = $1`, [
      frank.id.toString(),
    ]);
    await expect(
      creditManualCode(c.t.app.deps, {
        reviewId: BigInt(review!.id),
        operatorId: operator.id,
        approve: true,
        note: 'take it from the SMS',
      }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: NO_NOTIFICATION_MSG });
    expect(await c.depositWallet(frank)).toBe(0n);
  });
});
