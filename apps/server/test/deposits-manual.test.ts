import { describe, expect, it } from 'vitest';
import { madeBeforeAll } from './before-all.ts';
import { NO_NOTIFICATION_MSG } from '../src/modules/deposits/manual-code.messages.ts';
import { creditManualCode } from '../src/modules/deposits/manual-code.service.ts';
import { parsePaymentSms, SMS_PARSERS } from '../src/payments/sms/sms-forwarder.ts';
import { FORWARDER_PHONE, depositTransactions, useDepositTestApp, waitFor, type TestMember } from './deposits-fixtures.ts';

const c = useDepositTestApp();
const operator = madeBeforeAll(() => c.member('KE'));

/** The operator decides a queued code review (creditManualCode, as the console's action calls it). */
const credit = (review: { id: string }, decision: { approve: boolean; note: string; amountLocalMinor?: bigint }) =>
  creditManualCode(c.t.app.deps, { reviewId: BigInt(review.id), operatorId: operator.id, ...decision });
const REVIEW_MSG = 'We could not find this code yet. It has been sent for review and will be credited once confirmed.';
const recover = (member: TestMember, ref_code: unknown) =>
  c.call('recovercode', member, { method: 'POST', payload: { ref_code } });
const forwardSms = (secret: string, body: unknown, contentType = 'application/json') =>
  fetch(`${c.t.app.deps.publicUrl()}/hooks/sms/${secret}`, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
/** Waits until M-Pesa's status query has confirmed the code (the simulator answers after its callback delay). */
const confirmed = (code: string) =>
  waitFor(
    async () =>
      (await c.t.sql(`SELECT 1 FROM payment_notifications WHERE trans_id = $1 AND verification = 'verified'`, [code])).length > 0,
  );
const reviews = (member: TestMember) =>
  c.t.sql<{ id: string; code: string; status: string }>(
    `SELECT id::text, code, status FROM code_reviews WHERE member_id = $1 ORDER BY id`,
    [member.id.toString()],
  );

describe('recovercode with M-Pesa C2B confirmations', () => {
  it('claims a paybill payment once; a second claim by anyone is 409', async () => {
    const sent = await c.sim.mpesa.sendC2B({
      TransID: 'QK12ABC3DE',
      TransAmount: '1000.00',
      MSISDN: '254712345678',
      BillRefNumber: 'alice',
    });
    expect(sent).toMatchObject({ delivered: true });
    await confirmed('QK12ABC3DE');
    const alice = await c.member('KE');
    const bob = await c.member('KE');
    const claimed = await recover(alice, 'qk12abc3de');
    expect(claimed).toMatchObject({
      httpStatus: 200,
      resultcode: true,
      msg: 'Deposit of 1000.00 confirmed and added to your Deposit wallet.',
    });
    expect(claimed.data).toMatchObject({ state: 'credited', amount: '1000.00' });
    expect(await c.depositWallet(alice)).toBe(100_000n);

    expect(await recover(bob, 'QK12ABC3DE')).toMatchObject({ httpStatus: 409, msg: 'This code has already been used' });
    expect(await recover(alice, 'QK12ABC3DE')).toMatchObject({ httpStatus: 409, msg: 'This code has already been used' });
    expect(await c.depositWallet(bob)).toBe(0n);
    expect(await c.depositWallet(alice)).toBe(100_000n);
    const [ledger] = await c.t.sql(`SELECT idempotency_key FROM ledger_transactions WHERE member_id = $1`, [alice.id.toString()]);
    expect(ledger).toEqual({ idempotency_key: 'deposit:manual:QK12ABC3DE' });
    const history = await c.call('deposithistory', alice);
    expect(history.data.history[0]).toMatchObject({
      Amount: '1000.00',
      Phone: '254712345678',
      'Transaction Code': 'QK12ABC3DE',
      Status: 2,
    });
  });

  it('stores a repeated C2B confirmation once; ten concurrent claims credit once', async () => {
    await c.sim.mpesa.sendC2B({ TransID: 'RACE00CODE1', TransAmount: '20', MSISDN: '254712345678' });
    await c.sim.mpesa.sendC2B({ TransID: 'RACE00CODE1', TransAmount: '20', MSISDN: '254712345678' });
    await confirmed('RACE00CODE1');
    expect(await c.t.sql(`SELECT 1 FROM payment_notifications WHERE trans_id = 'RACE00CODE1'`)).toHaveLength(1);
    const members = await Promise.all(Array.from({ length: 10 }, () => c.member('KE')));
    const results = await Promise.all(members.map((m) => recover(m, 'RACE00CODE1')));
    expect(results.filter((r) => r.httpStatus === 200)).toHaveLength(1);
    expect(results.filter((r) => r.httpStatus === 409)).toHaveLength(9);
    const balances = await Promise.all(members.map((m) => c.depositWallet(m)));
    expect(balances.reduce((a, b) => a + b, 0n)).toBe(2_000n);
  });

  it('converts a KES notification for a Ugandan member and shows it in their currency', async () => {
    await c.sim.mpesa.sendC2B({ TransID: 'UGKES00001', TransAmount: '100.00', MSISDN: '254712345678' });
    await confirmed('UGKES00001');
    const member = await c.member('UG');
    const claimed = await recover(member, 'UGKES00001');
    expect(claimed.data.amount).toBe('2850.00');
    expect(await c.depositWallet(member)).toBe(10_000n);
    expect((await c.call('deposithistory', member)).data.history[0].Amount).toBe('2850.00');
  });
});

describe('recovercode review queue', () => {
  it('queues an unknown code (202) once per member, and the operator credits it', async () => {
    const member = await c.member('KE');
    const first = await recover(member, 'UNKNOWN123');
    expect(first).toMatchObject({ httpStatus: 202, status: 202, resultcode: true, msg: REVIEW_MSG });
    expect(await recover(member, 'unknown123')).toMatchObject({ httpStatus: 202, msg: REVIEW_MSG });
    const queued = await reviews(member);
    expect(queued).toEqual([{ id: expect.any(String), code: 'UNKNOWN123', status: 'pending' }]);
    expect(await c.depositWallet(member)).toBe(0n);

    await expect(credit(queued[0]!, { approve: true, note: 'no amount' })).rejects.toMatchObject({
      // Without a typed amount only a provider's notification can say how much (docs/decisions/018-four-eyes.md).
      code: 'CONFLICT',
      message: NO_NOTIFICATION_MSG,
    });
    const result = await credit(queued[0]!, { amountLocalMinor: 35_000n, approve: true, note: 'Seen on the paybill statement' });
    expect(result).toMatchObject({ status: 'credited', amountSystemMinor: 35_000n });
    expect(await c.depositWallet(member)).toBe(35_000n);
    expect((await reviews(member))[0]!.status).toBe('credited');
    await expect(credit(queued[0]!, { amountLocalMinor: 1n, approve: true, note: 'again' })).rejects.toMatchObject({
      code: 'ALREADY_DONE',
    });
    const audit = await c.t.sql(
      `SELECT action, actor_id::text FROM audit_log WHERE target_type = 'code_review' AND target_id = $1`,
      [queued[0]!.id],
    );
    expect(audit).toEqual([{ action: 'deposit.code.credit', actor_id: operator.id.toString() }]);

    // The provider's confirmation arriving later cannot be claimed a second time.
    await c.sim.mpesa.sendC2B({ TransID: 'UNKNOWN123', TransAmount: '350.00', MSISDN: '254712345678' });
    expect(await recover(await c.member('KE'), 'UNKNOWN123')).toMatchObject({ httpStatus: 409 });
    expect(await recover(member, 'UNKNOWN123')).toMatchObject({ httpStatus: 409 });
    expect(await c.depositWallet(member)).toBe(35_000n);
    expect(await depositTransactions(c.t, member.id)).toBe(1);
  });

  it('rejects a queued code without moving money; approval uses a notification that arrived meanwhile', async () => {
    const member = await c.member('KE');
    await recover(member, 'REJECTME01');
    await recover(member, 'LATEARRIV1');
    const [toReject, toApprove] = await reviews(member);
    const rejected = await credit(toReject!, { approve: false, note: 'No such payment' });
    expect(rejected).toEqual({ status: 'rejected', depositId: null, amountSystemMinor: null });
    await c.sim.mpesa.sendC2B({ TransID: 'LATEARRIV1', TransAmount: '12.50', MSISDN: '254712345678' });
    await confirmed('LATEARRIV1');
    const approved = await credit(toApprove!, { amountLocalMinor: 999_999n, approve: true, note: 'ok' });
    expect(approved).toMatchObject({ status: 'credited', amountSystemMinor: 1_250n });
    expect(await c.depositWallet(member)).toBe(1_250n);
  });

  it.each([
    ['ABC12345', 'Must be more than 8 characters'],
    ['ABC-123456', 'Only letters and numbers allowed'],
    ['ABC 123456', 'Only letters and numbers allowed'],
    [12345678, 'Must be more than 8 characters'],
    ['A'.repeat(41), 'The transaction code is too long'],
  ])('refuses the code %j with a clear message', async (code, msg) => {
    const member = await c.member('KE');
    expect(await recover(member, code)).toMatchObject({ httpStatus: 400, resultcode: false, msg });
    expect(await reviews(member)).toHaveLength(0);
  });

  it('caps the pending reviews of one member', async () => {
    const member = await c.member('KE');
    for (let i = 0; i < 10; i += 1) expect((await recover(member, `CAPCODE00${i}`)).httpStatus).toBe(202);
    expect(await recover(member, 'CAPCODE0010')).toMatchObject({ httpStatus: 422 });
    expect(await reviews(member)).toHaveLength(10);
  });
});

describe('SMS forwarder', () => {
  it('reads every sample message of every parser', () => {
    for (const parser of SMS_PARSERS) expect(parsePaymentSms(parser.sample)?.provider).toBe(parser.provider);
    expect(parsePaymentSms(SMS_PARSERS[0]!.sample)).toEqual({
      provider: 'mpesa_ke',
      transId: 'QK12ABC3DE',
      amountMinor: 100_000n,
      currency: 'KES',
      msisdn: '254712345678',
      senderName: 'JOHN DOE',
    });
    expect(parsePaymentSms(SMS_PARSERS[1]!.sample)).toMatchObject({
      transId: '12345678901',
      amountMinor: 5_000_000n,
      currency: 'UGX',
      msisdn: '256772123456',
    });
    expect(parsePaymentSms(SMS_PARSERS[2]!.sample)).toMatchObject({
      transId: '123456789012',
      amountMinor: 2_000_000n,
      msisdn: '256701234567',
    });
    expect(
      parsePaymentSms('QK12ABC3DE Confirmed.You have received Ksh250.50 from JANE W 0712345678 on 2/1/26 at 9:05 PM'),
    ).toMatchObject({
      amountMinor: 25_050n,
      msisdn: '0712345678',
    });
    expect(parsePaymentSms('Your data bundle of 1GB expires today.')).toBeNull();
    expect(parsePaymentSms('QK12ABC3DE Confirmed. Ksh1.234 received from X 254712345678 on 1/1/26')).toBeNull();
  });

  it('refuses a wrong secret and stores a good message that recovercode can claim once M-Pesa confirms it', async () => {
    const secret = c.t.app.deps.payments.smsForwarderSecret;
    // The payment reached the operator's phone only (no C2B confirmation): M-Pesa still knows it.
    c.sim.mpesa.registerTransaction({ receipt: 'SMS0000ABC', amount: 2500, msisdn: '254712345678' });
    const sms = {
      from: 'MPESA',
      to: FORWARDER_PHONE,
      message:
        'SMS0000ABC Confirmed. Ksh2,500.00 received from JOHN DOE 254712345678 on 1/11/26 at 10:00 AM New M-PESA balance is Ksh9,000.00.',
    };
    const refused = await forwardSms('wrong-secret', sms);
    expect(refused.status).toBe(401);
    expect(await c.t.sql(`SELECT 1 FROM payment_notifications WHERE trans_id = 'SMS0000ABC'`)).toHaveLength(0);

    const stored = await forwardSms(secret, sms);
    expect(await stored.json()).toEqual({ ok: true, stored: true, transId: 'SMS0000ABC' });
    expect(await (await forwardSms(secret, sms)).json()).toEqual({ ok: true, stored: false, reason: 'Already received' });
    expect(await (await forwardSms(secret, { from: 'MPESA', to: FORWARDER_PHONE, text: 'hello' })).json()).toEqual({
      ok: true,
      stored: false,
      reason: 'Not a recognised payment message',
    });
    const empty = await forwardSms(secret, { from: 'MPESA', to: FORWARDER_PHONE, text: '  ' });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ ok: false, error: 'No message text' });
    const broken = await forwardSms(secret, '{"message": ');
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ ok: false });

    await confirmed('SMS0000ABC');
    const member = await c.member('KE');
    expect(await recover(member, 'SMS0000ABC')).toMatchObject({ httpStatus: 200, data: { amount: '2500.00' } });
    expect(await c.depositWallet(member)).toBe(250_000n);
    const [ledgerSource] = await c.t.sql(
      `
      SELECT a.code FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id JOIN ledger_transactions t ON t.id = p.transaction_id
      WHERE t.member_id = $1 AND p.amount_minor < 0`,
      [member.id.toString()],
    );
    expect(ledgerSource).toEqual({ code: 'provider:manual' });
  });

  it('accepts a form-encoded MTN MoMo message; M-Pesa cannot confirm it, so the claim goes to the operator, who credits UGX', async () => {
    const secret = c.t.app.deps.payments.smsForwarderSecret;
    const text = SMS_PARSERS[1]!.sample.replace('12345678901', '55512345678');
    const stored = await forwardSms(
      secret,
      new URLSearchParams({ from: 'MTN', to: '0711000999', text }).toString(),
      'application/x-www-form-urlencoded',
    );
    expect(await stored.json()).toMatchObject({ stored: true, transId: '55512345678' });
    expect(await c.t.sql(`SELECT verification FROM payment_notifications WHERE trans_id = '55512345678'`)).toEqual([
      { verification: 'manual' },
    ]);
    const member = await c.member('UG');
    expect(await recover(member, '55512345678')).toMatchObject({ httpStatus: 202, msg: REVIEW_MSG, data: { state: 'review' } });
    expect(await c.depositWallet(member)).toBe(0n);
    const [review] = await reviews(member);
    await credit(review!, { amountLocalMinor: 5_000_000n, approve: true, note: 'Seen on the MTN statement' });
    // 50,000 UGX at 28.5 UGX per KES = 1,754.385... KES, rounded half up to 1,754.39.
    expect(await c.depositWallet(member)).toBe(175_439n);
  });
});
