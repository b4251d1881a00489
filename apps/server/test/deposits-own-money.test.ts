import { describe, expect, it } from 'vitest';
import { CODE_MISMATCH_MSG, CODE_NOT_PAID_TO_TUZO_MSG, CODE_NOT_TUZO_MSG } from '../src/modules/deposits/manual-code.messages.ts';
import { loadConfig } from '../src/config.ts';
import { callAction } from './harness.ts';
import { createMember, wallets, type TestMember } from './money-fixtures.ts';
import { approvedWithdrawal, expectReconciled, waitFor, waitForState } from './payouts-fixtures.ts';
import { usePayoutTestApp } from './payout-app.ts';

/**
 * Only money paid to Tuzo is credited (decision 046), against the M-Pesa simulator over HTTP: the transaction status
 * query must show a customer paying Tuzo's own shortcode the notified amount. A Tuzo B2C payout's receipt, forwarded
 * as a "received" SMS or typed as a code, is refused and alerts the operators; so is a payment to another shortcode
 * or of another amount. The SMS forwarder takes only M-Pesa's sender name from the configured forwarder phone.
 */
const FORWARDER = '+254711000777';
const ctx = usePayoutTestApp({
  env: { SMS_FORWARDER_PHONES: FORWARDER },
  setUp: async (ctx) => {
    // Status results come a little after their acknowledgement is recorded, as from M-Pesa (a result that beat it
    // would wait for the sweep's next question, a minute later).
    ctx.t.sim.mpesa.behaviour.callbackDelayMs = 300;
  },
});

const forward = async (body: Record<string, unknown>) => {
  const answer = await fetch(`${ctx.t.app.deps.publicUrl()}/hooks/sms`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarder-secret': ctx.t.app.deps.payments.smsForwarderSecret },
    body: JSON.stringify(body),
  });
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
};
const mpesaSms = (code: string, amount: string) =>
  `${code} Confirmed. Ksh${amount} received from JOHN DOE 254712345678 on 1/11/26 at 10:00 AM New M-PESA balance is Ksh9,000.00.`;
const recover = (member: TestMember, ref_code: string) =>
  callAction(ctx.t.app, 'recovercode', { method: 'POST', token: member.token, payload: { ref_code } });
const notification = (code: string) =>
  ctx.t.sql<{ verification: string; verification_note: string | null }>(
    'SELECT verification, verification_note FROM payment_notifications WHERE trans_id = $1',
    [code],
  );
const refusedNote = async (code: string) =>
  waitFor(async () => {
    const [row] = await notification(code);
    return row && row.verification !== 'pending' ? row : null;
  });
const alertsFor = (code: string) =>
  ctx.t.sql<{ kind: string; detail: string }>('SELECT kind, detail FROM money_alerts WHERE transaction_code = $1 ORDER BY id', [
    code,
  ]);

describe('a payout receipt offered as a deposit', () => {
  it('forwarded as a "received" SMS, or typed as a code: refused, alerted, no balance moves', async () => {
    const { m, id } = await approvedWithdrawal(ctx);
    const paid = await waitForState(ctx, id, 'paid');
    const receipt = paid.receipt!;
    const before = await wallets(ctx.t, m.id);

    const stored = await forward({ from: 'MPESA', to: FORWARDER, message: mpesaSms(receipt, '500.00') });
    expect(stored).toEqual({ status: 200, body: { ok: true, stored: true, transId: receipt } });
    const refused = await refusedNote(receipt);
    expect(refused).toMatchObject({ verification: 'refused', verification_note: expect.stringContaining('Tuzo paid') });
    expect(await alertsFor(receipt)).toMatchObject([{ kind: 'deposit_refused', detail: expect.stringContaining('Tuzo paid') }]);

    // The member (or anyone) typing the receipt as a deposit code is refused at once, and the operators are told.
    const claimed = await recover(m, receipt);
    expect(claimed).toMatchObject({ status: 400, resultcode: false, msg: CODE_NOT_TUZO_MSG });
    const stranger = await createMember(ctx.t, { countryId: ctx.c.kes, status: 'active' });
    expect(await recover(stranger, receipt.toLowerCase())).toMatchObject({ status: 400, msg: CODE_NOT_TUZO_MSG });
    expect((await alertsFor(receipt)).map((alert) => alert.kind)).toEqual([
      'deposit_refused',
      'deposit_refused',
      'deposit_refused',
    ]);
    expect(await ctx.t.sql('SELECT 1 FROM code_reviews WHERE code = $1', [receipt])).toEqual([]);
    expect(await wallets(ctx.t, m.id)).toEqual(before);
    expect((await wallets(ctx.t, stranger.id)).deposit).toBe(0n);
    const listed = await callAction(ctx.t.app, 'adminmoneyalerts', { token: ctx.operator.token });
    expect(listed.data.rows.filter((row: { transaction_code: string }) => row.transaction_code === receipt)).toHaveLength(3);
    await expectReconciled(ctx);
  });
});

describe('the SMS forwarder', () => {
  it('is configured by phones and sender names checked at boot', () => {
    expect(loadConfig({ SMS_FORWARDER_PHONES: '+254711000777, 0722000111' })).toMatchObject({
      SMS_FORWARDER_PHONES: ['254711000777', '254722000111'],
      SMS_FORWARDER_SENDERS: ['MPESA'],
    });
    expect(loadConfig({}).SMS_FORWARDER_PHONES).toEqual([]);
    expect(loadConfig({ SMS_FORWARDER_SENDERS: 'mpesa, MTN' }).SMS_FORWARDER_SENDERS).toEqual(['MPESA', 'MTN']);
    expect(() => loadConfig({ SMS_FORWARDER_PHONES: '+254711000777,my phone' })).toThrow(
      /SMS_FORWARDER_PHONES: must be phone numbers separated by commas/,
    );
  });

  it('refuses a message from another sender name or forwarded by another phone, and stores nothing', async () => {
    ctx.t.sim.mpesa.registerTransaction({ receipt: 'FWDOK00001', amount: 250, msisdn: '254712345678' });
    const text = mpesaSms('FWDOK00001', '250.00');
    for (const body of [
      { from: 'MPESA-SUPPORT', to: FORWARDER, message: text },
      { from: '+254722000111', to: FORWARDER, message: text },
      { from: 'MPESA', to: '+254711000778', message: text },
      { from: 'MPESA', message: text },
    ]) {
      const answer = await forward(body);
      expect(answer.status, JSON.stringify(body)).toBe(403);
      expect(answer.body).toMatchObject({ ok: false });
    }
    expect(await notification('FWDOK00001')).toEqual([]);
    // The same message from M-Pesa's sender name, forwarded by the configured phone (written another way), is taken.
    expect(await forward({ from: 'M-PESA', to: '0711000777', message: text })).toMatchObject({
      status: 200,
      body: { stored: true },
    });
    const m = await createMember(ctx.t, { countryId: ctx.c.kes, status: 'active' });
    await waitFor(async () => (await notification('FWDOK00001'))[0]?.verification === 'verified');
    expect(await recover(m, 'FWDOK00001')).toMatchObject({ status: 200, data: { amount: '250.00' } });
    expect((await wallets(ctx.t, m.id)).deposit).toBe(25_000n);
    await expectReconciled(ctx);
  });
});

describe('a customer’s payment', () => {
  it('to another shortcode, or of another amount, is refused and alerted: nothing credited', async () => {
    const m = await createMember(ctx.t, { countryId: ctx.c.kes, status: 'active' });
    ctx.t.sim.mpesa.registerTransaction({ receipt: 'OTHERSC001', amount: 700, creditShortcode: '999999' });
    await forward({ from: 'MPESA', to: FORWARDER, message: mpesaSms('OTHERSC001', '700.00') });
    ctx.t.sim.mpesa.registerTransaction({ receipt: 'OTHERAM001', amount: 300 });
    await forward({ from: 'MPESA', to: FORWARDER, message: mpesaSms('OTHERAM001', '3,000.00') });
    const c2b = await ctx.t.sim.mpesa.sendC2B({
      TransID: 'OTHERSC002',
      TransAmount: '800.00',
      MSISDN: '254712345678',
      BusinessShortCode: '999998',
    });
    expect(c2b).toMatchObject({ delivered: true });

    expect(await refusedNote('OTHERSC001')).toMatchObject({
      verification: 'refused',
      verification_note: expect.stringContaining('not to Tuzo'),
    });
    expect(await refusedNote('OTHERAM001')).toMatchObject({
      verification: 'refused',
      verification_note: expect.stringContaining('Amount mismatch'),
    });
    expect(await refusedNote('OTHERSC002')).toMatchObject({
      verification: 'refused',
      verification_note: expect.stringContaining('999998'),
    });
    for (const [code, msg] of [
      ['OTHERSC001', CODE_NOT_PAID_TO_TUZO_MSG],
      ['OTHERAM001', CODE_MISMATCH_MSG],
      ['OTHERSC002', CODE_NOT_PAID_TO_TUZO_MSG],
    ] as const) {
      expect(await alertsFor(code), code).toMatchObject([{ kind: 'deposit_refused' }]);
      expect(await recover(m, code), code).toMatchObject({ status: 400, resultcode: false, msg });
    }
    expect((await wallets(ctx.t, m.id)).deposit).toBe(0n);
    await expectReconciled(ctx);
  });
});
