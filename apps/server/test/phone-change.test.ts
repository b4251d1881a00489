import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import { hashToken } from '../src/modules/auth/tokens.ts';
import { callAction } from './harness.ts';
import type { TestMember } from './money-fixtures.ts';
import {
  approve,
  expectReconciled,
  payee,
  payoutOf,
  setSetting,
  waitForState,
  withdraw,
  withdrawOk,
} from './payouts-fixtures.ts';
import { usePayoutTestApp } from './payout-app.ts';

/**
 * Issue 23 part 2 (decision 045): the payout goes to the phone recorded when the member asked; a member's phone change
 * needs the code sent by SMS to the new phone, tells the old phone and the email, and holds withdrawals for
 * `payouts.phone_change_hold_hours` of the app clock; an operator's change is normalised, audited and four-eyes.
 */
const ctx = usePayoutTestApp({
  setUp: async (ctx) => {
    // The KES test country dials as Kenya here, so `07…`, `2547…` and `+2547…` are one number.
    await ctx.t.sql("UPDATE countries SET dial = '+254' WHERE id = $1", [ctx.c.kes]);
  },
});
const HOUR_MS = 3_600_000;

const post = (action: string, payload: unknown, who: TestMember) =>
  callAction(ctx.t.app, action, { method: 'POST', token: who.token, payload });
const get = (action: string, who: TestMember) => callAction(ctx.t.app, action, { token: who.token });

/** A member paid by M-Pesa B2C who can confirm actions with the password `secret123`. */
async function member(): Promise<TestMember & { phone: string }> {
  const m = await payee(ctx);
  await ctx.t.sql('UPDATE members SET password_hash = $2 WHERE id = $1', [m.id.toString(), await hashPassword('secret123')]);
  await signInAgain(m);
  return m;
}

/** A new session at the app clock's time (the tests move the clock by days, past every session's expiry). */
async function signInAgain(who: TestMember): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const at = ctx.clock.now();
  await ctx.t.sql(
    `INSERT INTO sessions (member_id, token_hash, created_at, expires_at, last_seen_at)
     VALUES ($1, $2, $3::timestamptz, $3::timestamptz + interval '1 day', $3::timestamptz)`,
    [who.id.toString(), hashToken(token), at.toISOString()],
  );
  who.token = token;
}

async function advance(ms: number, who: TestMember[]): Promise<void> {
  ctx.clock.advance(ms);
  for (const one of [...who, ctx.operator, ctx.secondOperator]) await signInAgain(one);
}

const freshPhone = () => `+2547${String(10_000_000 + Math.floor(Math.random() * 89_999_999))}`;

async function codeSentTo(m: TestMember, phone: string): Promise<string> {
  const rows = await ctx.t.sql<{ text: string }>(
    "SELECT text FROM sms_outbox WHERE member_id = $1 AND kind = 'phone_change_code' AND phone = $2 ORDER BY id DESC LIMIT 1",
    [m.id.toString(), phone],
  );
  const code = /\b(\d{6})\b/.exec(rows[0]?.text ?? '')?.[1];
  if (!code) throw new Error(`No code was sent to ${phone}`);
  return code;
}

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function memberPhone(m: TestMember): Promise<string> {
  const [row] = await ctx.t.sql<{ phone: string }>('SELECT phone FROM members WHERE id = $1', [m.id.toString()]);
  return row!.phone;
}

async function changePhoneByCode(m: TestMember, phone: string) {
  expect(await post('changephone', { phone, password: 'secret123' }, m)).toMatchObject({
    status: 200,
    data: { pending_phone: phone },
  });
  return post('confirmphone', { code: await codeSentTo(m, phone) }, m);
}

describe('the payout phone', () => {
  it('pays a withdrawal requested before a phone change to the phone recorded at request, not the new one', async () => {
    const m = await member();
    const id = await withdrawOk(ctx, m, '500.00');
    const [recorded] = await ctx.t.sql<{ payout_phone: string }>('SELECT payout_phone FROM withdrawals WHERE id = $1', [id]);
    expect(recorded?.payout_phone).toBe(m.phone);

    const newPhone = freshPhone();
    expect(await changePhoneByCode(m, newPhone)).toMatchObject({ status: 200, data: { phone: newPhone } });
    expect(await memberPhone(m)).toBe(newPhone);

    // The queue shows where the payout goes and the phone the member has now.
    const queue = await callAction(ctx.t.app, 'adminwithdrawalqueue', { token: ctx.operator.token, query: { status: '0' } });
    const row = (queue.data.rows as { id: string; phone: string; member_phone: string }[]).find((r) => r.id === id);
    expect(row).toMatchObject({ phone: m.phone, member_phone: newPhone });

    // The pending withdrawal is flagged: an operator looks, clears it, and it is paid to the phone asked with.
    expect(await approve(ctx, id)).toMatchObject({ httpStatus: 409 });
    const [flag] = await ctx.t.sql<{ id: string; reason: string }>(
      "SELECT id::text, reason FROM payout_risk_flags WHERE withdrawal_id = $1 AND kind = 'after_phone_change'",
      [id],
    );
    expect(flag?.reason).toContain(`it is paid to ${m.phone}`);
    expect(
      await post('adminclearpayoutflag', { id: flag!.id, note: 'Called the member on the old phone' }, ctx.operator),
    ).toMatchObject({ status: 200 });
    expect(await approve(ctx, id)).toMatchObject({ status: 200 });
    const paid = await waitForState(ctx, id, 'paid');
    const [payout] = await ctx.t.sql<{ phone: string }>('SELECT phone FROM payouts WHERE id = $1', [paid.id]);
    expect(payout?.phone).toBe(m.phone.replace(/^\+/, ''));
    const sent = ctx.t.sim.mpesa.b2c.payouts.get(paid.reference);
    expect(sent?.phone).toBe(m.phone.replace(/^\+/, ''));
    expect(sent?.phone).not.toBe(newPhone.replace(/^\+/, ''));

    // The payouts page shows the same phone.
    const page = await callAction(ctx.t.app, 'adminpayouts', { token: ctx.operator.token });
    expect((page.data.rows as { id: string; phone: string }[]).find((r) => r.id === paid.id)?.phone).toBe(
      m.phone.replace(/^\+/, ''),
    );
    await expectReconciled(ctx);
  });

  it('records the payout phone on a four-eyes withdrawal request and shows it on the Approvals page', async () => {
    await setSetting(ctx.t, 'four_eyes_threshold', '100.00');
    try {
      const m = await member();
      const id = await withdrawOk(ctx, m, '500.00');
      const asked = await approve(ctx, id);
      expect(asked).toMatchObject({ httpStatus: 202 });
      const approvals = await callAction(ctx.t.app, 'adminapprovals', {
        token: ctx.secondOperator.token,
        query: { view: 'pending' },
      });
      const row = (approvals.data.rows as { id: string; phone: string | null; detail: string }[]).find(
        (r) => r.id === asked.data.approval_id,
      );
      expect(row?.phone).toBe(m.phone);
      expect(row?.detail).toContain(`paid to ${m.phone}`);
      expect(
        await post('adminrejectrequest', { id: asked.data.approval_id, reason: 'Test over' }, ctx.secondOperator),
      ).toMatchObject({
        status: 200,
      });
      expect(await post('updatetrans', { tid: id, value: 1 }, ctx.operator)).toMatchObject({ status: 200 });
    } finally {
      await setSetting(ctx.t, 'four_eyes_threshold', '1000000.00');
    }
    await expectReconciled(ctx);
  });
});

describe("a member's phone change", () => {
  it('needs the code sent to the new phone: a wrong code is refused, attempts are limited, the code expires', async () => {
    const m = await member();
    const newPhone = freshPhone();
    expect(await post('changephone', { phone: newPhone, password: 'nope12' }, m)).toMatchObject({ status: 400 });
    // Two requests at once: both answered, one change waits (the later code), never a 500.
    const twice = await Promise.all([1, 2].map(() => post('changephone', { phone: newPhone, password: 'secret123' }, m)));
    expect(twice.map((one) => one.status)).toEqual([200, 200]);
    const pending = await ctx.t.sql(
      'SELECT 1 FROM phone_changes WHERE member_id = $1 AND applied_at IS NULL AND cancelled_at IS NULL',
      [m.id.toString()],
    );
    expect(pending).toHaveLength(1);
    expect(await memberPhone(m)).toBe(m.phone);
    const code = await codeSentTo(m, newPhone);
    const [hashed] = await ctx.t.sql<{ code_hash: string }>('SELECT code_hash FROM phone_changes WHERE member_id = $1', [
      m.id.toString(),
    ]);
    expect(hashed?.code_hash).not.toContain(code);
    expect((await get('withdrawalhold', m)).data).toMatchObject({ pending_phone: newPhone, held_until: null });

    for (let left = 4; left >= 1; left -= 1) {
      expect(await post('confirmphone', { code: wrongCode(code) }, m)).toMatchObject({
        status: 400,
        msg: `The code is wrong. Attempts left: ${left}`,
      });
    }
    expect(await post('confirmphone', { code: wrongCode(code) }, m)).toMatchObject({
      status: 400,
      msg: 'Too many wrong codes. Ask for a new code.',
    });
    // The right code no longer works once the attempts are spent.
    expect(await post('confirmphone', { code }, m)).toMatchObject({
      status: 400,
      msg: 'No phone change is waiting for a code. Ask for a new code.',
    });
    expect(await post('confirmphone', { code: '12ab' }, m)).toMatchObject({ status: 400 });

    // A new code expires after 10 minutes of the app clock.
    expect(await post('changephone', { phone: newPhone, password: 'secret123' }, m)).toMatchObject({ status: 200 });
    const second = await codeSentTo(m, newPhone);
    await advance(10 * 60_000 + 1_000, [m]);
    expect(await post('confirmphone', { code: second }, m)).toMatchObject({
      status: 400,
      msg: 'This code has expired. Ask for a new code.',
    });
    expect(await memberPhone(m)).toBe(m.phone);
    await expectReconciled(ctx);
  });

  it('tells the old phone and the email, and holds withdrawals for 72 hours of the app clock', async () => {
    const m = await member();
    const newPhone = freshPhone();
    const before = ctx.clock.now();
    expect(await changePhoneByCode(m, newPhone)).toMatchObject({ status: 200, data: { phone: newPhone } });

    const [notice] = await ctx.t.sql<{ phone: string; text: string }>(
      "SELECT phone, text FROM sms_outbox WHERE member_id = $1 AND kind = 'phone_changed'",
      [m.id.toString()],
    );
    expect(notice?.phone).toBe(m.phone);
    expect(notice?.text).toContain('Withdrawals are paused for 72 hours');
    expect(notice?.text).not.toContain(newPhone);
    const mails = await ctx.t.sql<{ recipient: string; body: string }>(
      "SELECT recipient, body FROM outbox WHERE kind = 'phone_changed' AND recipient = $1",
      [`${m.username}@test.local`],
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain('was changed');
    const [audit] = await ctx.t.sql<{ before: { phone: string }; after: { phone: string } }>(
      "SELECT before, after FROM audit_log WHERE action = 'member.phone_changed' AND target_id = $1",
      [m.id.toString()],
    );
    expect(audit).toMatchObject({ before: { phone: m.phone }, after: { phone: newPhone } });

    const hold = (await get('withdrawalhold', m)).data as { held_until: string; hours: number };
    expect(hold.hours).toBe(72);
    expect(new Date(hold.held_until).getTime() - before.getTime()).toBeGreaterThanOrEqual(72 * HOUR_MS - 1_000);
    const refused = await withdraw(ctx, m, '500.00');
    expect(refused).toMatchObject({ status: 422, code: 'LIMIT_NOT_MET' });
    expect(refused.msg).toContain('withdrawals are paused for 72 hours');
    const sw = await callAction(ctx.t.app, 'systemwithdrawal', {
      method: 'POST',
      token: m.token,
      payload: { acc: '1', amount: '500.00' },
      headers: { 'accept-language': 'sw' },
    });
    expect(sw.msg).toContain('utoaji wa pesa umesitishwa kwa saa 72');

    await advance(71 * HOUR_MS, [m]);
    expect(await withdraw(ctx, m, '500.00')).toMatchObject({ status: 422 });
    await advance(HOUR_MS + 60_000, [m]);
    expect((await get('withdrawalhold', m)).data).toMatchObject({ held_until: null });
    const id = await withdrawOk(ctx, m, '500.00');
    const [recorded] = await ctx.t.sql<{ payout_phone: string }>('SELECT payout_phone FROM withdrawals WHERE id = $1', [id]);
    expect(recorded?.payout_phone).toBe(newPhone);
    expect(await approve(ctx, id)).toMatchObject({ status: 200 });
    const paid = await waitForState(ctx, id, 'paid');
    expect(ctx.t.sim.mpesa.b2c.payouts.get(paid.reference)?.phone).toBe(newPhone.replace(/^\+/, ''));
    expect((await payoutOf(ctx, id)).state).toBe('paid');
    await expectReconciled(ctx);
  });
});

describe("an operator's change of a member's phone", () => {
  it('is normalised, refused for another member’s number, four-eyes, audited, and raises the hold', async () => {
    await advance(0, []);
    const m = await member();
    const other = await member();
    const otherLocal = `0${other.phone.slice(4)}`;
    expect(
      await post('adminupdatemember', { username: m.username, phone: otherLocal, reason: 'Member called' }, ctx.operator),
    ).toMatchObject({ status: 409, msg: 'That phone belongs to another member' });
    expect(
      await post(
        'adminupdatemember',
        { username: m.username, phone: other.phone.slice(1), reason: 'Member called' },
        ctx.operator,
      ),
    ).toMatchObject({ status: 409 });
    // The member's own number written another way is no change.
    const same = await post('adminupdatemember', { username: m.username, phone: `0${m.phone.slice(4)}` }, ctx.operator);
    expect(same).toMatchObject({ status: 200, data: { phone_approval_id: null } });

    const newPhone = freshPhone();
    const asked = await post(
      'adminupdatemember',
      { username: m.username, phone: `0${newPhone.slice(4)}`, reason: 'Lost SIM, ticket 42' },
      ctx.operator,
    );
    expect(asked).toMatchObject({ status: 200 });
    const approvalId = asked.data.phone_approval_id as string;
    expect(approvalId).toMatch(/^\d+$/);
    expect(await memberPhone(m)).toBe(m.phone);

    const approvals = await callAction(ctx.t.app, 'adminapprovals', {
      token: ctx.secondOperator.token,
      query: { view: 'pending' },
    });
    const row = (approvals.data.rows as { id: string; kind: string; phone: string | null; detail: string }[]).find(
      (r) => r.id === approvalId,
    );
    expect(row).toMatchObject({ kind: 'member_phone', phone: newPhone });
    expect(row?.detail).toContain(`${m.phone} → ${newPhone}`);

    expect(await post('adminapproverequest', { id: approvalId }, ctx.operator)).toMatchObject({ httpStatus: 403 });
    expect(await memberPhone(m)).toBe(m.phone);
    expect(await post('adminapproverequest', { id: approvalId }, ctx.secondOperator)).toMatchObject({ status: 200 });
    expect(await memberPhone(m)).toBe(newPhone);

    const [audit] = await ctx.t.sql<{
      actor_id: string;
      before: { phone: string };
      after: { phone: string; requestedBy: string };
    }>("SELECT actor_id::text, before, after FROM audit_log WHERE action = 'member.phone_changed' AND target_id = $1", [
      m.id.toString(),
    ]);
    expect(audit).toMatchObject({
      actor_id: ctx.secondOperator.id.toString(),
      before: { phone: m.phone },
      after: { phone: newPhone, requestedBy: ctx.operator.id.toString() },
    });
    const [notice] = await ctx.t.sql<{ phone: string }>(
      "SELECT phone FROM sms_outbox WHERE member_id = $1 AND kind = 'phone_changed'",
      [m.id.toString()],
    );
    expect(notice?.phone).toBe(m.phone);
    expect(await withdraw(ctx, m, '500.00')).toMatchObject({ status: 422, code: 'LIMIT_NOT_MET' });
    // Operators see the hold on the member's page.
    const page = await callAction(ctx.t.app, 'adminmember', { token: ctx.operator.token, query: { username: m.username } });
    expect(page.data.withdrawal_hold).toMatchObject({ hours: 72, held_until: expect.any(String) });
    await advance(72 * HOUR_MS + 60_000, [m]);
    expect(await withdraw(ctx, m, '500.00')).toMatchObject({ status: 200 });
    await expectReconciled(ctx);
  });
});
