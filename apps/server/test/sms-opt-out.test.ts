import { beforeAll, describe, expect, it } from 'vitest';
import { SettableClock } from '../src/lib/clock.ts';
import { redactUrl } from '../src/lib/log-redaction.ts';
import { updateSmsPreferences } from '../src/modules/members/members.repository.ts';
import { eraseMemberSms } from '../src/modules/sms/sms-erasure.repository.ts';
import { runSmsSender } from '../src/modules/sms/sms.sender.ts';
import { enqueuePromotion, enqueueSms } from '../src/modules/sms/sms.service.ts';
import { callAction } from './harness.ts';
import { useCountriesApp, useMember } from './countries-app.ts';
import { createMember, type TestMember } from './money-fixtures.ts';
import { setSetting } from './payouts-fixtures.ts';

/**
 * Opting out of promotional SMS that works (issue 26 §3, decision 057), through the provider simulator's Africa's
 * Talking over HTTP: a member texting STOP or ONDOKA (the incoming-message callback), a provider opt-out (the opt-out
 * callback, then 406 on later sends), a 406 alone; promotions stop, money messages still go. Promotions wait for the
 * sending hours on the app's clock; each member gets the promotion in their language; Swahili gambling words refused.
 */
// 10:00 UTC is 13:00 in Nairobi: within 08:00-18:00.
const clock = new SettableClock(new Date('2026-11-25T10:00:00Z'));
const { t, c } = useCountriesApp({}, { clock });
beforeAll(async () => {
  await t.app.listen({ port: 0 });
});
const operator = useMember({ t, c }, { status: 'active', role: 'operator' });

const LESSONS = { en: 'New lessons are out this week.', sw: 'Masomo mapya yametoka wiki hii.' };
const at = () => t.app.deps.clock.now();
const sim = () => t.sim.africasTalking;
const phoneOf = async (m: TestMember) =>
  (await t.sql<{ phone: string }>('SELECT phone FROM members WHERE id = $1', [m.id.toString()]))[0]!.phone;
const wantsPromotions = async (m: TestMember) =>
  (await t.sql<{ p: boolean }>('SELECT sms_promotions AS p FROM members WHERE id = $1', [m.id.toString()]))[0]!.p;
const outbox = (m: TestMember) =>
  t.sql<{ kind: string; state: string; text: string; language: string; next_attempt_at: Date; last_error: string | null }>(
    'SELECT kind, state, text, language, next_attempt_at, last_error FROM sms_outbox WHERE member_id = $1 ORDER BY id',
    [m.id.toString()],
  );
const optOuts = (m: TestMember) =>
  t.sql<{ via: string; detail: string | null; created_at: Date }>(
    'SELECT via, detail, created_at FROM sms_opt_outs WHERE member_id = $1 ORDER BY id',
    [m.id.toString()],
  );
let keys = 0;
const promote = (m: TestMember) => {
  keys += 1;
  return enqueuePromotion(t.app.deps, { memberId: m.id, text: LESSONS, dedupeKey: `opt-out-${keys}:${m.id}` });
};
const money = (m: TestMember) => {
  keys += 1;
  const event = { kind: 'deposit_credited', params: { amount: 'KES 100.00' } } as const;
  return enqueueSms(t.app.deps.db, { memberId: m.id, event, dedupeKey: `opt-out-${keys}`, at: at() });
};
async function drain(): Promise<void> {
  while ((await runSmsSender(t.app.deps)).claimed > 0);
}
/** A member who turned promotional SMS on, in a language. */
async function optedIn(language: 'en' | 'sw'): Promise<TestMember> {
  const m = await createMember(t, { countryId: c.kes });
  await updateSmsPreferences(t.app.deps.db, { memberId: m.id, language, smsPromotions: true, at: at() });
  return m;
}

describe('opting out of promotional SMS', () => {
  it.each([
    ['STOP', 'en'],
    ['  s top ', 'en'],
    ['Ondoka', 'sw'],
    ['ONDOKA.', 'sw'],
  ] as const)('texting %j turns promotions off, recorded with when and how; money SMS still go', async (word, language) => {
    clock.set(new Date('2026-11-25T10:00:00Z'));
    await drain();
    const m = await optedIn(language);
    expect(await promote(m)).toBe(true);
    // The member texts the shortcode; the simulator posts the incoming-message callback to the app.
    expect(await sim().inbound.memberTexts(await phoneOf(m), word)).toBe(200);
    expect(await wantsPromotions(m)).toBe(false);
    expect(await optOuts(m)).toEqual([{ via: 'keyword', detail: word.trim(), created_at: at() }]);
    const audit = await t.sql<{ after: Record<string, unknown> }>(
      `SELECT after FROM audit_log WHERE action = 'sms.opt_out' AND target_id = $1`,
      [m.id.toString()],
    );
    expect(audit.map((row) => row.after)).toEqual([{ sms_promotions: false, via: 'keyword', detail: word.trim() }]);
    // The promotion queued before is never sent; later ones are not queued; a deposit SMS still goes.
    expect(await promote(m)).toBe(false);
    expect(await money(m)).toBe(true);
    const requests = sim().requests.length;
    await drain();
    expect((await outbox(m)).map((row) => [row.kind, row.state])).toEqual([
      ['promotion', 'rejected'],
      ['deposit_credited', 'sent'],
    ]);
    expect(sim().requests.length).toBe(requests + 1);
  });

  it('any other text changes nothing; a wrong secret is 404', async () => {
    const m = await optedIn('en');
    expect(await sim().inbound.memberTexts(await phoneOf(m), 'STOP please')).toBe(200);
    expect(await sim().inbound.memberTexts(await phoneOf(m), 'Habari')).toBe(200);
    expect(await wantsPromotions(m)).toBe(true);
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const body = new URLSearchParams({ from: await phoneOf(m), text: 'STOP' }).toString();
    for (const hook of ['sms-incoming', 'sms-opt-out']) {
      const wrong = await t.app.inject({
        method: 'POST',
        url: `/hooks/${hook}/not-the-secret-at-all`,
        headers: form,
        payload: body,
      });
      expect(wrong.statusCode).toBe(404);
    }
    expect(await wantsPromotions(m)).toBe(true);
    expect(await optOuts(m)).toEqual([]);
    // The secret path segment never reaches the log.
    expect(redactUrl('/hooks/sms-opt-out/s3cr3t')).toBe('/hooks/sms-opt-out/[redacted]');
    expect(redactUrl('/hooks/sms-incoming/s3cr3t')).toBe('/hooks/sms-incoming/[redacted]');
  });

  it('a provider opt-out turns promotions off, and later sends answer 406 (recorded, never retried)', async () => {
    clock.set(new Date('2026-11-25T10:00:00Z'));
    await drain();
    const m = await optedIn('sw');
    expect(await sim().inbound.optOut(await phoneOf(m), 'TUZO')).toBe(200);
    expect(await wantsPromotions(m)).toBe(false);
    expect(await optOuts(m)).toEqual([{ via: 'provider', detail: 'TUZO', created_at: at() }]);
    // The provider blocks the number: even a money SMS is refused with 406, final, and recorded once more.
    expect(await money(m)).toBe(true);
    await drain();
    expect((await outbox(m)).map((row) => [row.state, row.last_error])).toEqual([['rejected', '406 UserInBlacklist']]);
    expect((await optOuts(m)).map((row) => row.via)).toEqual(['provider', 'blacklisted']);
  });

  it('a 406 "user in blacklist" on a send marks the member opted out', async () => {
    clock.set(new Date('2026-11-25T10:00:00Z'));
    await drain();
    const m = await optedIn('en');
    sim().inbound.blacklist.add(await phoneOf(m));
    expect(await promote(m)).toBe(true);
    await drain();
    expect((await outbox(m))[0]).toMatchObject({ state: 'rejected', last_error: '406 UserInBlacklist' });
    expect(await wantsPromotions(m)).toBe(false);
    expect(await optOuts(m)).toEqual([{ via: 'blacklisted', detail: '406 UserInBlacklist', created_at: at() }]);
    expect(await promote(m)).toBe(false);
    // A closed account keeps the record of when and how, without the number (decision 040).
    await eraseMemberSms(t.app.deps.db, { memberId: m.id, pseudonym: 'closed-1', at: at() });
    const kept = await t.sql('SELECT phone, via FROM sms_opt_outs WHERE member_id = $1', [m.id.toString()]);
    expect(kept).toEqual([{ phone: 'closed-1', via: 'blacklisted' }]);
  });
});

describe('promotions: sending hours, both languages, no gambling', () => {
  it('a promotion queued after 18:00 waits for 08:00; one claimed after the window closes waits too; money SMS go', async () => {
    clock.set(new Date('2026-11-25T10:00:00Z'));
    await drain();
    await setSetting(t, 'sms.promotion_hours', { start: 8, end: 18 });
    const m = await optedIn('en');
    // 18:30 in Nairobi.
    clock.set(new Date('2026-11-25T15:30:00Z'));
    expect(await promote(m)).toBe(true);
    expect(await money(m)).toBe(true);
    expect((await outbox(m))[0]!.next_attempt_at).toEqual(new Date('2026-11-26T05:00:00Z'));
    await drain();
    expect((await outbox(m)).map((row) => [row.kind, row.state])).toEqual([
      ['promotion', 'queued'],
      ['deposit_credited', 'sent'],
    ]);
    // Queued at 17:59 (due at once), but the sender runs at 18:01: held until 08:00, not sent late.
    clock.set(new Date('2026-11-26T14:59:00Z'));
    const late = await optedIn('en');
    expect(await promote(late)).toBe(true);
    clock.set(new Date('2026-11-26T15:01:00Z'));
    await drain();
    expect((await outbox(late))[0]).toMatchObject({ state: 'queued', next_attempt_at: new Date('2026-11-27T05:00:00Z') });
    clock.set(new Date('2026-11-27T05:00:00Z'));
    await drain();
    expect((await outbox(late))[0]!.state).toBe('sent');
    expect((await outbox(m))[0]!.state).toBe('sent');
  });

  it('a broadcast promotion needs both languages and each member gets theirs; Swahili gambling words are refused', async () => {
    clock.set(new Date('2026-11-25T10:00:00Z'));
    await drain();
    const en = await optedIn('en');
    const sw = await optedIn('sw');
    const broadcast = (payload: Record<string, unknown>) =>
      callAction(t.app, 'adminbroadcast', { method: 'POST', token: operator.token, payload });
    const single = await broadcast({ target: 'member', username: sw.username, msg: LESSONS.en, sms: true });
    expect(single).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    for (const m of [en, sw]) {
      const sent = await broadcast({ target: 'member', username: m.username, msg: LESSONS.en, msg_sw: LESSONS.sw, sms: true });
      expect(sent).toMatchObject({ status: 200, data: { sms_queued: 1 } });
    }
    expect((await outbox(en))[0]).toMatchObject({ text: `${LESSONS.en} To opt out, dial *456*9*5#.`, language: 'en' });
    expect((await outbox(sw))[0]).toMatchObject({
      text: `${LESSONS.sw} Kuacha kupokea ujumbe huu, piga *456*9*5#.`,
      language: 'sw',
    });
    await drain();
    const texts = sim()
      .requests.slice(-2)
      .map((request) => request.message);
    expect(texts).toEqual([
      `${LESSONS.en} To opt out, dial *456*9*5#.`,
      `${LESSONS.sw} Kuacha kupokea ujumbe huu, piga *456*9*5#.`,
    ]);
    // The English text is harmless, the Swahili one is about stakes on spins: refused, nothing queued.
    for (const gambling of ['Pata mizunguko ya bure ya kasino leo!', 'Weka dau lako leo', 'Cheza kamari']) {
      const refused = await broadcast({ target: 'member', username: sw.username, msg: LESSONS.en, msg_sw: gambling, sms: true });
      expect(refused).toMatchObject({ status: 400, msg: 'Promotional SMS may not mention spins, betting or any other gambling' });
    }
    // A text that would not fit one GSM-7 part with the opt-out instruction is refused.
    const long = await broadcast({
      target: 'member',
      username: sw.username,
      msg: LESSONS.en,
      msg_sw: 'a'.repeat(120),
      sms: true,
    });
    expect(long).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(long.msg).toMatch(/Swahili SMS must fit one SMS/);
    expect(await outbox(sw)).toHaveLength(1);
  });

  it('the opt-out instruction is a setting (it depends on the sender id)', async () => {
    clock.set(new Date('2026-11-25T10:00:00Z'));
    await setSetting(t, 'sms.opt_out_instruction', { en: 'Reply STOP to opt out.', sw: 'Jibu STOP kuacha.' });
    try {
      const sw = await optedIn('sw');
      expect(await promote(sw)).toBe(true);
      expect((await outbox(sw))[0]!.text).toBe(`${LESSONS.sw} Jibu STOP kuacha.`);
    } finally {
      await setSetting(t, 'sms.opt_out_instruction', {
        en: 'To opt out, dial *456*9*5#.',
        sw: 'Kuacha kupokea ujumbe huu, piga *456*9*5#.',
      });
    }
  });
});
