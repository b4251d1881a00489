import { beforeAll, describe, expect, it } from 'vitest';
import { SettableClock } from '../src/lib/clock.ts';
import { updateSmsPreferences } from '../src/modules/members/members.repository.ts';
import { claimDueMessages } from '../src/modules/sms/sms.repository.ts';
import { runSmsSender } from '../src/modules/sms/sms.sender.ts';
import { enqueuePromotion } from '../src/modules/sms/sms.service.ts';
import { callAction, createTestAppOn } from './harness.ts';
import { useCountriesApp, useMember } from './countries-app.ts';
import { waitFor } from './deposits-fixtures.ts';
import { createMember, fund, wallets, type TestMember } from './money-fixtures.ts';
import { setSetting } from './payouts-fixtures.ts';

/**
 * SMS for money events (docs/decisions/037-sms-outbox.md), against the provider simulator's Africa's Talking over
 * HTTP: the outbox row written with each event in the member's language, sent after commit with the provider's
 * message id and cost, the delivery report recorded, retries with backoff on the app's clock, the member's opt-out,
 * and no message sent twice when the app restarts between commit and send or two senders run at once.
 */
const LESSONS = { en: 'New lessons are out this week.', sw: 'Masomo mapya yametoka wiki hii.' };
// 10:00 UTC is 13:00 in Nairobi: daytime.
const clock = new SettableClock(new Date('2026-11-25T10:00:00Z'));

interface OutboxRow {
  id: string;
  member_id: string;
  phone: string;
  language: string;
  kind: string;
  text: string;
  encoding: string;
  parts: number;
  state: string;
  provider_message_id: string | null;
  provider_status: string | null;
  cost_minor: string | null;
  cost_currency: string | null;
  attempts: number;
  next_attempt_at: Date;
  last_error: string | null;
  failure_reason: string | null;
  sent_at: Date | null;
  delivered_at: Date | null;
}

const { t, c } = useCountriesApp({}, { clock });
beforeAll(async () => {
  await t.app.listen({ port: 0 });
});
const operator = useMember({ t, c }, { status: 'active', role: 'operator' });

const outbox = (member: TestMember) =>
  t.sql<OutboxRow>('SELECT * FROM sms_outbox WHERE member_id = $1 ORDER BY id', [member.id.toString()]);
const send = () => runSmsSender(t.app.deps);
const speakSwahili = (member: TestMember) =>
  updateSmsPreferences(t.app.deps.db, { memberId: member.id, language: 'sw', at: clock.now() });
let references = 0;
const deposit = (member: TestMember, amount: string) => {
  references += 1;
  return callAction(t.app, 'admindeposit', {
    method: 'POST',
    token: operator.token,
    payload: { username: member.username, amount, reference: `SMS-${references}-${member.id}` },
  });
};
/** The member's first outbox row, once a settlement arriving over HTTP has written it. */
async function firstSms(member: TestMember): Promise<OutboxRow> {
  const rows = await waitFor(async () => {
    const found = await outbox(member);
    return found.length > 0 ? found : null;
  });
  return rows![0]!;
}
/** Sends everything due now, so a test starts with an empty queue. */
async function drain(): Promise<void> {
  while ((await send()).claimed > 0);
}

describe('an SMS for each money event, in the member’s language', () => {
  it('deposit credited: queued with the deposit, sent after commit with the message id and cost, delivery recorded', async () => {
    await drain();
    const en = await createMember(t, { countryId: c.kes });
    const sw = await createMember(t, { countryId: c.kes });
    await speakSwahili(sw);
    expect(await deposit(en, '1500')).toMatchObject({ status: 200 });
    expect(await deposit(sw, '2500')).toMatchObject({ status: 200 });

    // Written in the deposit's transaction, not sent yet: the money is there before any SMS goes.
    expect((await wallets(t, en.id)).deposit).toBe(150_000n);
    const [queued] = await outbox(en);
    expect(queued).toMatchObject({
      kind: 'deposit_credited',
      language: 'en',
      state: 'queued',
      text: 'Tuzo: Your deposit of KES 1,500.00 has been received and is in your Deposit wallet.',
      encoding: 'gsm7',
      parts: 1,
      attempts: 0,
    });
    expect((await outbox(sw))[0]).toMatchObject({
      language: 'sw',
      text: 'Tuzo: Amana yako ya KES 2,500.00 imepokelewa na iko kwenye pochi yako ya Amana.',
    });

    expect(await send()).toMatchObject({ claimed: 2, sent: 2, retried: 0, failed: 0 });
    const [sent] = await outbox(en);
    expect(sent).toMatchObject({
      state: 'sent',
      provider_status: 'Success',
      cost_minor: '80',
      cost_currency: 'KES',
      attempts: 1,
    });
    const simMessage = t.sim.africasTalking.messages.get(sent!.provider_message_id!);
    expect(simMessage).toMatchObject({ to: sent!.phone, text: queued!.text, cost: 'KES 0.8000' });

    // Africa's Talking posts the delivery reports (form bodies) to our unguessable URL.
    expect(await t.sim.africasTalking.deliverReports()).toEqual([200, 200]);
    const [delivered] = await outbox(en);
    expect(delivered).toMatchObject({ state: 'delivered', provider_status: 'Success' });
    expect(delivered!.delivered_at).toEqual(clock.now());
    // A repeated report changes nothing.
    expect(await t.sim.africasTalking.postReport(simMessage!)).toBe(200);
    expect((await outbox(en))[0]).toEqual(delivered);
  });

  it('account activated and commission earned; an upline who turned commission SMS off gets none', async () => {
    await drain();
    const sponsor = await createMember(t, { countryId: c.kes, status: 'active' });
    const l1 = await createMember(t, { countryId: c.kes, status: 'active', sponsor });
    const m = await createMember(t, { countryId: c.kes, sponsor: l1 });
    await speakSwahili(sponsor);
    expect(
      await callAction(t.app, 'setsmssettings', { method: 'POST', token: l1.token, payload: { commission: false } }),
    ).toMatchObject({ status: 200, data: { language: 'en', commission: false, promotions: false } });
    await fund(t, m.id, 60_000n);
    expect(await callAction(t.app, 'activateaccount', { method: 'POST', token: m.token, payload: {} })).toMatchObject({
      status: 200,
      data: { commissions_paid: 2 },
    });

    expect(await outbox(m)).toEqual([
      expect.objectContaining({
        kind: 'account_activated',
        text: 'Tuzo: Your account is now active. Activation fee paid: KES 500.00.',
      }),
    ]);
    expect(await outbox(l1)).toEqual([]);
    expect(await outbox(sponsor)).toEqual([
      expect.objectContaining({
        kind: 'commission_earned',
        language: 'sw',
        text: `Tuzo: Umepata kamisheni ya KES 150.00: mwanachama wako wa ngazi ya pili, ${m.username}, amewezesha akaunti yake.`,
        parts: 1,
      }),
    ]);
    expect(await send()).toMatchObject({ claimed: 2, sent: 2 });
  });

  it('withdrawal paid or failed (an operator’s decision)', async () => {
    await drain();
    const paid = await createMember(t, { countryId: c.kes, status: 'active' });
    const declined = await createMember(t, { countryId: c.kes, status: 'active' });
    await speakSwahili(declined);
    for (const m of [paid, declined]) await fund(t, m.id, 100_000n, 'balance');
    const withdraw = (m: TestMember) =>
      callAction(t.app, 'systemwithdrawal', { method: 'POST', token: m.token, payload: { acc: '1', amount: '500' } });
    const decide = (tid: string, value: 1 | 2) =>
      callAction(t.app, 'updatetrans', { method: 'POST', token: operator.token, payload: { tid, value } });
    const a = await withdraw(paid);
    const b = await withdraw(declined);
    expect(await outbox(paid)).toEqual([]);
    expect(await decide(a.data.id, 2)).toMatchObject({ status: 200 });
    expect(await decide(b.data.id, 1)).toMatchObject({ status: 200 });
    expect((await outbox(paid))[0]).toMatchObject({
      kind: 'withdrawal_paid',
      text: 'Tuzo: Your withdrawal of KES 500.00 has been paid.',
    });
    const [failed] = await outbox(declined);
    expect(failed).toMatchObject({ kind: 'withdrawal_failed', language: 'sw', parts: 1 });
    expect(failed!.text).toMatch(
      /^Tuzo: Utoaji wako wa pesa wa KES 500\.00 haukufanikiwa\. KES 5\d\d\.\d\d zimerudishwa kwenye pochi yako ya Jumbo\.$/,
    );
    expect(await send()).toMatchObject({ claimed: 2, sent: 2 });
  });

  it('withdrawal paid or failed by M-Pesa B2C (the payouts module): phone and receipt, or the refund', async () => {
    await drain();
    await setSetting(t, 'payouts.providers', { ZK: 'mpesa_b2c' });
    t.sim.mpesa.b2c.behaviour.resultDelayMs = 20;
    try {
      const paid = await createMember(t, { countryId: c.kes, status: 'active' });
      const refused = await createMember(t, { countryId: c.kes, status: 'active' });
      await speakSwahili(refused);
      await t.sql(`UPDATE members SET phone = '+254711223344' WHERE id = $1`, [paid.id.toString()]);
      // 40: M-Pesa says the receiver is not registered; the payout fails and the hold goes back to Jumbo.
      await t.sql(`UPDATE members SET phone = '+254700000040' WHERE id = $1`, [refused.id.toString()]);
      for (const m of [paid, refused]) {
        await fund(t, m.id, 100_000n, 'balance');
        const asked = await callAction(t.app, 'systemwithdrawal', {
          method: 'POST',
          token: m.token,
          payload: { acc: '1', amount: '500' },
        });
        expect(
          await callAction(t.app, 'updatetrans', {
            method: 'POST',
            token: operator.token,
            payload: { tid: asked.data.id, value: 2 },
          }),
        ).toMatchObject({ status: 200 });
      }
      const sent = await firstSms(paid);
      const receipt = [...t.sim.mpesa.b2c.payouts.values()].find((p) => p.phone === '254711223344')?.receipt;
      expect(sent).toMatchObject({
        kind: 'withdrawal_paid',
        text: `Tuzo: Your withdrawal of KES 500.00 has been paid to +254711223344. Receipt ${receipt}.`,
      });
      const failed = await firstSms(refused);
      expect(failed).toMatchObject({ kind: 'withdrawal_failed', language: 'sw', parts: 1 });
      expect(failed.text).toMatch(/^Tuzo: Utoaji wako wa pesa wa KES 500\.00 haukufanikiwa\. KES 5\d\d\.\d\d zimerudishwa/);
      expect(await send()).toMatchObject({ claimed: 2, sent: 2 });
    } finally {
      await setSetting(t, 'payouts.providers', {});
    }
  });

  it('staff get no SMS for their own money (staff are not members)', async () => {
    const rows = await t.sql('SELECT 1 FROM sms_outbox WHERE member_id = $1', [operator.id.toString()]);
    expect(rows).toEqual([]);
  });
});

describe('sending', () => {
  it('retries a provider error with exponential backoff on the app’s clock, never touching the money', async () => {
    await drain();
    const m = await createMember(t, { countryId: c.kes });
    t.sim.africasTalking.behaviour.failNextSends = 2;
    await deposit(m, '700');
    expect((await wallets(t, m.id)).deposit).toBe(70_000n);

    expect(await send()).toMatchObject({ claimed: 1, retried: 1 });
    let [row] = await outbox(m);
    expect(row).toMatchObject({ state: 'queued', attempts: 1 });
    expect(row!.last_error).toContain('HTTP 500');
    expect(row!.next_attempt_at).toEqual(new Date(clock.now().getTime() + 30_000));

    expect(await send()).toMatchObject({ claimed: 0 });
    clock.advance(30_000);
    expect(await send()).toMatchObject({ claimed: 1, retried: 1 });
    [row] = await outbox(m);
    expect(row).toMatchObject({ state: 'queued', attempts: 2 });
    expect(row!.next_attempt_at).toEqual(new Date(clock.now().getTime() + 60_000));

    clock.advance(59_000);
    expect(await send()).toMatchObject({ claimed: 0 });
    clock.advance(1_000);
    expect(await send()).toMatchObject({ claimed: 1, sent: 1 });
    expect((await outbox(m))[0]).toMatchObject({ state: 'sent', attempts: 3 });
    expect((await wallets(t, m.id)).deposit).toBe(70_000n);
  });

  it('a number the provider refuses is rejected at once; a delivery failure is recorded with its reason', async () => {
    await drain();
    const invalid = await createMember(t, { countryId: c.kes });
    const undeliverable = await createMember(t, { countryId: c.kes });
    await t.sql(`UPDATE members SET phone = '+254700000003' WHERE id = $1`, [invalid.id.toString()]);
    await t.sql(`UPDATE members SET phone = '+254700000091' WHERE id = $1`, [undeliverable.id.toString()]);
    await deposit(invalid, '100');
    await deposit(undeliverable, '100');
    expect(await send()).toMatchObject({ claimed: 2, sent: 1, failed: 1 });
    expect((await outbox(invalid))[0]).toMatchObject({
      state: 'rejected',
      provider_status: 'InvalidPhoneNumber',
      last_error: '403 InvalidPhoneNumber',
      provider_message_id: null,
    });
    await t.sim.africasTalking.deliverReports();
    expect((await outbox(undeliverable))[0]).toMatchObject({
      state: 'failed',
      provider_status: 'Failed',
      failure_reason: 'DeliveryFailure',
    });
  });

  it('the delivery report URL needs its secret and a report', async () => {
    const secret = t.app.deps.payments.smsDeliverySecret;
    const post = (path: string, body: string) =>
      t.app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: body,
      });
    expect((await post('/hooks/sms-delivery/wrong-secret', 'id=x&status=Success')).statusCode).toBe(404);
    expect((await post(`/hooks/sms-delivery/${secret}`, 'nothing=here')).statusCode).toBe(400);
    expect((await post(`/hooks/sms-delivery/${secret}`, 'id=ATXid_unknown&status=Success')).statusCode).toBe(200);
  });
});

describe('exactly one send per message', () => {
  it('a message committed with its event is sent once after the app restarts, with two senders running at once', async () => {
    await drain();
    const members = await Promise.all([1, 2, 3, 4, 5, 6].map(() => createMember(t, { countryId: c.kes })));
    for (const m of members) await deposit(m, '300');
    // The app stops between commit and send: nothing was sent, every message waits in the outbox.
    const before = t.sim.africasTalking.requests.length;
    const dbUrl = t.databaseUrl;
    const first = await createTestAppOn(dbUrl, {}, { clock });
    const second = await createTestAppOn(dbUrl, {}, { clock });
    try {
      // Three each at most, so both senders take work: their claims (FOR UPDATE SKIP LOCKED) never overlap.
      const runs = await Promise.all([runSmsSender(first.app.deps, { limit: 3 }), runSmsSender(second.app.deps, { limit: 3 })]);
      expect(runs[0]!.sent + runs[1]!.sent).toBe(6);
      const requests = [...first.sim.africasTalking.requests, ...second.sim.africasTalking.requests];
      expect(requests).toHaveLength(6);
      for (const m of members) {
        const [row] = await outbox(m);
        expect(row).toMatchObject({ state: 'sent', attempts: 1 });
        expect(requests.filter((request) => request.to === row!.phone)).toHaveLength(1);
      }
      expect(t.sim.africasTalking.requests.length).toBe(before);
      expect(await runSmsSender(first.app.deps)).toMatchObject({ claimed: 0 });
    } finally {
      await first.closeWithoutReconcile();
      await second.closeWithoutReconcile();
    }
  });

  it('a sender stopped during the provider call leaves its message failed, never sent a second time', async () => {
    await drain();
    const m = await createMember(t, { countryId: c.kes });
    await deposit(m, '400');
    // The claim committed (state sending), then the process died before the answer was recorded.
    expect(await claimDueMessages(t.app.deps.db, { now: clock.now(), limit: 10 })).toHaveLength(1);
    const requests = t.sim.africasTalking.requests.length;
    expect(await send()).toMatchObject({ claimed: 0, abandoned: 0 });
    clock.advance(11 * 60_000);
    expect(await send()).toMatchObject({ claimed: 0, abandoned: 1 });
    expect((await outbox(m))[0]).toMatchObject({ state: 'failed', attempts: 1 });
    expect(t.sim.africasTalking.requests.length).toBe(requests);
  });
});

describe('the member’s choices and promotions', () => {
  it('smssettings shows the choices; setsmssettings refuses bad input with 400', async () => {
    const m = await createMember(t, { countryId: c.kes });
    expect(await callAction(t.app, 'smssettings', { token: m.token })).toMatchObject({
      status: 200,
      data: { language: 'en', commission: true, promotions: false },
    });
    for (const payload of [{}, { commission: 'yes' }, { promotions: 1 }]) {
      expect(await callAction(t.app, 'setsmssettings', { method: 'POST', token: m.token, payload })).toMatchObject({
        status: 400,
        resultcode: false,
      });
    }
  });

  it('promotions only to members who opted in, with the opt-out word, in daytime hours, never about gambling', async () => {
    await drain();
    const out = await createMember(t, { countryId: c.kes });
    const inEn = await createMember(t, { countryId: c.kes });
    const inSw = await createMember(t, { countryId: c.kes });
    await speakSwahili(inSw);
    for (const m of [inEn, inSw])
      await callAction(t.app, 'setsmssettings', { method: 'POST', token: m.token, payload: { promotions: true } });
    // 21:30 in Nairobi: queued for 08:00 the next morning.
    clock.set(new Date('2026-11-26T18:30:00Z'));
    const promote = (m: TestMember) =>
      enqueuePromotion(t.app.deps, { memberId: m.id, text: LESSONS, dedupeKey: `week-48:${m.id}` });
    expect(await promote(out)).toBe(false);
    expect(await promote(inEn)).toBe(true);
    expect(await promote(inSw)).toBe(true);
    expect(await outbox(out)).toEqual([]);
    const [en] = await outbox(inEn);
    expect(en).toMatchObject({ kind: 'promotion', text: 'New lessons are out this week. To opt out, dial *456*9*5#.' });
    expect(en!.next_attempt_at).toEqual(new Date('2026-11-27T05:00:00Z'));
    expect((await outbox(inSw))[0]!.text).toBe('Masomo mapya yametoka wiki hii. Kuacha kupokea ujumbe huu, piga *456*9*5#.');
    expect(await send()).toMatchObject({ claimed: 0 });
    clock.set(new Date('2026-11-27T05:00:00Z'));
    expect(await send()).toMatchObject({ claimed: 2, sent: 2 });

    await expect(
      enqueuePromotion(t.app.deps, {
        memberId: inEn.id,
        text: { en: 'Free spins today! Win big', sw: 'Mizunguko ya bure leo!' },
        dedupeKey: 'spin-1',
      }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await outbox(inEn)).toHaveLength(1);
  });

  it('an operator broadcast with sms: each opted-in member of the audience gets one promotional SMS; gambling refused', async () => {
    await drain();
    // 13:00 in Nairobi, the day the file's sessions were made (a later day would expire them).
    clock.set(new Date('2026-11-25T10:00:00Z'));
    const optedIn = await createMember(t, { countryId: c.ugx });
    const notOptedIn = await createMember(t, { countryId: c.ugx });
    await speakSwahili(optedIn);
    await callAction(t.app, 'setsmssettings', { method: 'POST', token: optedIn.token, payload: { promotions: true } });
    const broadcast = (payload: Record<string, unknown>) =>
      callAction(t.app, 'adminbroadcast', { method: 'POST', token: operator.token, payload });
    const notices = async (m: TestMember) =>
      (await t.sql('SELECT 1 FROM member_notifications WHERE member_id = $1', [m.id.toString()])).length;

    const sent = await broadcast({ target: 'country', country_id: c.ugx, msg: LESSONS.en, msg_sw: LESSONS.sw, sms: true });
    expect(sent).toMatchObject({ status: 200, data: { target: 'country', sms_queued: 1 } });
    expect(sent.msg).toMatch(/; 1 SMS queued$/);
    expect(await outbox(notOptedIn)).toEqual([]);
    const [row] = await outbox(optedIn);
    expect(row).toMatchObject({
      kind: 'promotion',
      language: 'sw',
      text: 'Masomo mapya yametoka wiki hii. Kuacha kupokea ujumbe huu, piga *456*9*5#.',
    });
    expect(await send()).toMatchObject({ claimed: 1, sent: 1 });
    const audit = await t.sql<{ after: Record<string, unknown> }>(
      `SELECT after FROM audit_log WHERE action = 'notification.broadcast' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit[0]!.after).toMatchObject({ sms: true, sms_queued: 1 });

    // Without sms, only the notification; a text about gambling is refused before anything is sent.
    const plain = await broadcast({ target: 'member', username: optedIn.username, msg: 'Thank you for learning.' });
    expect(plain).toMatchObject({ status: 200, data: { sent: 1, sms_queued: 0 } });
    const before = await notices(optedIn);
    const gambling = await broadcast({
      target: 'member',
      username: optedIn.username,
      msg: 'Free spins today!',
      msg_sw: 'Mizunguko ya bure leo!',
      sms: true,
    });
    expect(gambling).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(gambling.msg).toBe('Promotional SMS may not mention spins, betting or any other gambling');
    expect(await notices(optedIn)).toBe(before);
    expect(await outbox(optedIn)).toHaveLength(1);
    expect(await broadcast({ target: 'everyone', msg: 'x', sms: 'yes' })).toMatchObject({ status: 400 });
  });
});
