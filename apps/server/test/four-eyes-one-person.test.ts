import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PAYOUT_RISK_SETTINGS } from '@tuzo/contracts';
import { totpCode } from '../src/modules/auth/totp.ts';
import { enrolStaffByServer } from '../src/modules/staff/staff-enrolment.service.ts';
import { callAction, createTestApp, type TestApp } from './harness.ts';
import { createMember, ensureTestCountries, fund, wallets, type TestMember } from './money-fixtures.ts';
import { advanceClock, payee, setSetting, startPayoutTestApp, withdrawOk, type PayoutTestContext } from './payouts-fixtures.ts';

/**
 * Issue 23 part 1 (docs/decisions/044-four-eyes-one-person-cannot-get-round.md), each finding the way the review
 * reproduced it: one operator creating a second operator and approving with it, raising the threshold, moving
 * 500,000.00 alone, splitting 50,000.00 into five adjustments, turning auto-pay on, moving paid commissions with an
 * upline change, clearing the flag their own adjustment raised; and a deposit request replayed on a username that
 * changed hands. Two operators (A asks, B approves) and, where needed, a third made by the fixtures (D).
 */
let ctx: PayoutTestContext;
let a: TestMember;
let b: TestMember;
let d: TestMember;

const HOUR_MS = 60 * 60 * 1000;

beforeAll(async () => {
  ctx = await startPayoutTestApp();
  a = ctx.operator;
  b = ctx.secondOperator;
  d = await createMember(ctx.t, { countryId: ctx.c.kes, status: 'active', role: 'operator', prefix: 'opd' });
});
afterAll(async () => ctx.t.close());

const post = (action: string, payload: unknown, by: { token: string }) =>
  callAction(ctx.t.app, action, { method: 'POST', token: by.token, payload });
const approve = (id: string, by: { token: string }) => post('adminapproverequest', { id }, by);
const reject = (id: string, by: { token: string }) => post('adminrejectrequest', { id, reason: 'Not agreed with the team' }, by);
const member = () => createMember(ctx.t, { countryId: ctx.c.kes, status: 'active' });
const adjust = (m: TestMember, amount: string, by: TestMember = a) =>
  post('adminadjust', { username: m.username, wallet: 'balance', amount, reason: 'Ticket 23' }, by);
const stateOf = async (id: string) =>
  (await ctx.t.sql<{ state: string }>('SELECT state FROM approval_requests WHERE id = $1', [id]))[0]?.state;
const settingValue = async (key: string) =>
  (await ctx.t.sql<{ value: unknown }>('SELECT value FROM settings WHERE key = $1', [key]))[0]?.value;

/** Signs a staff account in for the first time with its own password and enrols its authenticator. */
/** The open payout flag of `kind` on a withdrawal, as `by` sees it in the console (undefined when there is none). */
async function openFlag(withdrawalId: string, kind: string, by: TestMember) {
  const flags = await callAction(ctx.t.app, 'adminpayoutflags', {
    token: by.token,
    query: { view: 'open', withdrawal_id: withdrawalId },
  });
  return (flags.data.rows as { id: string; kind: string }[]).find((row) => row.kind === kind)!;
}

async function signInAndEnrol(t: TestApp, username: string, password: string, now: () => Date): Promise<string> {
  const first = await callAction(t.app, 'login', { payload: { username, password } });
  expect(first.status, first.msg).toBe(200);
  const token = first.data.access_token as string;
  const setup = await callAction(t.app, 'totpsetup', { token, method: 'POST', payload: {} });
  expect(setup.status, setup.msg).toBe(200);
  const confirmed = await callAction(t.app, 'totpconfirm', {
    token,
    payload: { code: totpCode(setup.data.secret as string, now()) },
  });
  expect(confirmed.status, confirmed.msg).toBe(200);
  return token;
}

describe('a third operator created by one of two', () => {
  let carolToken = '';

  it('is a request that nobody but a second operator approves; the creator never chooses its password', async () => {
    const asked = await post('adminstaffcreate', { username: 'carol_ops', email: 'carol@ops.example', role: 'operator' }, a);
    expect(asked).toMatchObject({ httpStatus: 202, data: { state: 'pending', kind: 'staff_create' } });
    expect(asked.msg).toMatch(/^Sent for approval: request #\d+/);
    const id = asked.data.approval_id as string;
    expect(await ctx.t.sql("SELECT id FROM members WHERE username = 'carol_ops'")).toEqual([]);
    expect(await approve(id, a)).toMatchObject({ status: 403 });
    // The request holds no password: there is none to hold.
    const [stored] = await ctx.t.sql<{ params: Record<string, unknown> }>('SELECT params FROM approval_requests WHERE id = $1', [
      id,
    ]);
    expect(Object.keys(stored!.params).sort()).toEqual(['email', 'role', 'username']);

    expect(await approve(id, b)).toMatchObject({ status: 200, data: { state: 'approved', kind: 'staff_create' } });
    const [carol] = await ctx.t.sql<{
      id: string;
      role: string;
      totp_enabled_at: Date | null;
      staff_requested_by: string;
      staff_approved_by: string;
    }>(
      "SELECT id::text, role, totp_enabled_at, staff_requested_by::text, staff_approved_by::text FROM members WHERE username = 'carol_ops'",
    );
    expect(carol).toMatchObject({
      role: 'operator',
      totp_enabled_at: null,
      staff_requested_by: a.id.toString(),
      staff_approved_by: b.id.toString(),
    });
    // No password signs it in before its owner chose one.
    for (const password of ['carol-password-1', '']) {
      expect((await callAction(ctx.t.app, 'login', { payload: { username: 'carol_ops', password } })).status).toBe(400);
    }
  });

  it('sets its own password with a one-time link that only its requester or approver can hand over', async () => {
    expect(await post('adminstaffenrolment', { username: 'carol_ops' }, d)).toMatchObject({ status: 403 });
    const link = await post('adminstaffenrolment', { username: 'carol_ops' }, b);
    expect(link.status, link.msg).toBe(200);
    const token = new URL(link.data.link as string).searchParams.get('token')!;
    // Only the hash is kept.
    const hashes = await ctx.t.sql<{ token_hash: string }>('SELECT token_hash FROM staff_enrolments');
    expect(hashes.length).toBeGreaterThan(0);
    for (const row of hashes) expect(row.token_hash).not.toContain(token);
    expect(JSON.stringify(await ctx.t.sql('SELECT after FROM audit_log WHERE action LIKE $1', ['staff.%']))).not.toContain(token);

    expect(await callAction(ctx.t.app, 'staffenrolment', { query: { token } })).toMatchObject({
      status: 200,
      data: { username: 'carol_ops', role: 'operator' },
    });
    expect(await callAction(ctx.t.app, 'staffenrol', { payload: { token, password: 'short' } })).toMatchObject({ status: 400 });
    expect(await callAction(ctx.t.app, 'staffenrol', { payload: { token, password: 'carol-own-password' } })).toMatchObject({
      status: 200,
      data: { username: 'carol_ops' },
    });
    expect(await callAction(ctx.t.app, 'staffenrol', { payload: { token, password: 'someone-else-pass' } })).toMatchObject({
      status: 400,
    });
    expect(await post('adminstaffenrolment', { username: 'carol_ops' }, a)).toMatchObject({ status: 409 });
    carolToken = await signInAndEnrol(ctx.t, 'carol_ops', 'carol-own-password', () => ctx.clock.now());
  });

  it("cannot approve or reject its creator's (or approver's) requests, so the creator cannot approve their own with it", async () => {
    const carol = { token: carolToken };
    const m = await member();
    const byA = await adjust(m, '20000.00');
    expect(byA).toMatchObject({ httpStatus: 202 });
    const byB = await adjust(m, '20000.00', b);
    expect(byB).toMatchObject({ httpStatus: 202 });
    for (const request of [byA, byB]) {
      const id = request.data.approval_id as string;
      expect(await approve(id, carol)).toMatchObject({ status: 403, code: 'FORBIDDEN' });
      expect(await reject(id, carol)).toMatchObject({ status: 403, code: 'FORBIDDEN' });
      expect(await stateOf(id)).toBe('pending');
    }
    expect((await wallets(ctx.t, m.id)).balance).toBe(0n);
    // An operator with no part in carol's creation approves them.
    expect(await approve(byA.data.approval_id, d)).toMatchObject({ status: 200 });
    expect(await reject(byB.data.approval_id, d)).toMatchObject({ status: 200 });
    // carol can decide a request by an operator who had no part in her creation.
    const byD = await adjust(await member(), '20000.00', d);
    expect(await approve(byD.data.approval_id, carol)).toMatchObject({ status: 200 });
  });

  it('changing a role, disabling and resetting an authenticator are requests too', async () => {
    const role = await post('adminstaffrole', { username: 'carol_ops', role: 'support' }, a);
    expect(role).toMatchObject({ httpStatus: 202, data: { kind: 'staff_role' } });
    const disable = await post('adminstaffdisable', { username: d.username, disabled: true }, a);
    expect(disable).toMatchObject({ httpStatus: 202, data: { kind: 'staff_enable' } });
    const reset = await post('adminstafftotpreset', { username: d.username }, a);
    expect(reset).toMatchObject({ httpStatus: 202, data: { kind: 'staff_totp_reset' } });
    expect(await post('adminstafftotpreset', { username: d.username }, b)).toMatchObject({ httpStatus: 409 }); // one pending each
    expect(await ctx.t.sql("SELECT role FROM members WHERE username = 'carol_ops'")).toEqual([{ role: 'operator' }]);
    const list = await callAction(ctx.t.app, 'adminapprovals', { token: b.token });
    const details = (list.data.rows as { detail: string }[]).map((row) => row.detail);
    expect(details).toContain('Staff role change: carol_ops: role operator → support');
    expect(details).toContain(`Staff account enabled or disabled: ${d.username}: enabled → disabled`);
    expect(await approve(role.data.approval_id, b)).toMatchObject({ status: 200 });
    expect(await ctx.t.sql("SELECT role FROM members WHERE username = 'carol_ops'")).toEqual([{ role: 'support' }]);
    expect(await reject(disable.data.approval_id, a)).toMatchObject({ status: 200, data: { state: 'cancelled' } });
    expect(await reject(reset.data.approval_id, a)).toMatchObject({ status: 200, data: { state: 'cancelled' } });
  });
});

describe('settings that control money', () => {
  it('raising the threshold alone is a request; it takes effect when a second operator approves', async () => {
    const asked = await post('adminsetting', { key: 'four_eyes_threshold', value: '500000.00' }, a);
    expect(asked).toMatchObject({ httpStatus: 202, data: { kind: 'setting' } });
    expect(await settingValue('four_eyes_threshold')).not.toBe('500000.00');
    // Meanwhile 500,000.00 moved alone is a request as well.
    const m = await member();
    expect(await adjust(m, '500000.00')).toMatchObject({ httpStatus: 202, data: { kind: 'adjust' } });
    expect((await wallets(ctx.t, m.id)).balance).toBe(0n);
    const list = await callAction(ctx.t.app, 'adminapprovals', { token: b.token });
    expect((list.data.rows as { detail: string }[]).map((row) => row.detail)).toContain(
      'Money-control setting: four_eyes_threshold: "10000.00" → "500000.00"',
    );
    expect(await reject(asked.data.approval_id, b)).toMatchObject({ status: 200 });
    expect(await settingValue('four_eyes_threshold')).not.toBe('500000.00');
  });

  it('turning auto-pay on is a request; a setting that moves no money stays one-operator', async () => {
    const settings = await callAction(ctx.t.app, 'adminsettings', { token: a.token });
    const autoPay = (settings.data.settings as { key: string; value: Record<string, unknown>; is_four_eyes: boolean }[]).find(
      (row) => row.key === 'payouts.auto_pay',
    )!;
    expect(autoPay.is_four_eyes).toBe(true);
    const asked = await post('adminsetting', { key: 'payouts.auto_pay', value: { ...autoPay.value, enabled: true } }, a);
    expect(asked).toMatchObject({ httpStatus: 202, data: { kind: 'setting' } });
    expect((await settingValue('payouts.auto_pay')) as Record<string, unknown> | undefined).not.toMatchObject({ enabled: true });
    expect(await approve(asked.data.approval_id, b)).toMatchObject({ status: 200 });
    expect(await settingValue('payouts.auto_pay')).toMatchObject({ enabled: true });
    const back = await post('adminsetting', { key: 'payouts.auto_pay', value: autoPay.value }, b);
    expect(await approve(back.data.approval_id, a)).toMatchObject({ status: 200 });
    expect(await post('adminsetting', { key: 'banner_text', value: 'Welcome' }, a)).toMatchObject({ httpStatus: 200 });
  });

  it("a country's rates and fees are a request showing what changes", async () => {
    const countries = await callAction(ctx.t.app, 'admincountries', { token: a.token });
    const zk = (
      countries.data.countries as {
        id: number;
        abbreviation: string;
        rate: string;
        enabled: boolean;
        fees: Record<string, string>;
        tariff: unknown[];
      }[]
    ).find((row) => row.abbreviation === 'ZK')!;
    const asked = await post(
      'admincountry',
      { id: zk.id, rate: zk.rate, enabled: zk.enabled, fees: { ...zk.fees, fl1: '900.00' }, tariff: zk.tariff },
      a,
    );
    expect(asked).toMatchObject({ httpStatus: 202, data: { kind: 'country' } });
    const list = await callAction(ctx.t.app, 'adminapprovals', { token: b.token });
    expect((list.data.rows as { detail: string }[]).map((row) => row.detail)).toContain(
      'Country rates and fees: Testland KES: Level 1 commission 250.00 → 900.00',
    );
    expect(await reject(asked.data.approval_id, b)).toMatchObject({ status: 200 });
  });
});

describe('the threshold counts what one member receives over a rolling 24 hours', () => {
  it('50,000.00 in five adjustments of 10,000.00: only the first executes alone; the window frees after 24 hours', async () => {
    const m = await member();
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push(await adjust(m, '10000.00'));
    expect(answers.map((answer) => answer.httpStatus)).toEqual([200, 202, 202, 202, 202]);
    expect((await wallets(ctx.t, m.id)).balance).toBe(1_000_000n);
    // A removal counts by its size: it does not make room.
    expect(await adjust(m, '-10000.00')).toMatchObject({ httpStatus: 202 });
    for (const answer of answers.slice(1)) expect(await reject(answer.data.approval_id, a)).toMatchObject({ status: 200 });
    // Pending requests cancelled, still inside the 24 hours: the next one waits too.
    const pendingNegative = (
      await ctx.t.sql<{ id: string }>("SELECT id::text FROM approval_requests WHERE member_id = $1 AND state = 'pending'", [
        m.id.toString(),
      ])
    )[0]!;
    expect(await reject(pendingNegative.id, a)).toMatchObject({ status: 200 });
    const sameDay = await adjust(m, '10000.00');
    expect(sameDay).toMatchObject({ httpStatus: 202 });
    expect(await reject(sameDay.data.approval_id, a)).toMatchObject({ status: 200 });
    await advanceClock(ctx, 24 * HOUR_MS + 1000);
    expect(await adjust(m, '10000.00')).toMatchObject({ httpStatus: 200 });
    expect((await wallets(ctx.t, m.id)).balance).toBe(2_000_000n);
    await advanceClock(ctx, -ctx.clock.offsetMs);
  });

  it('a manual deposit counts in the same window as an adjustment', async () => {
    const m = await member();
    expect(await adjust(m, '6000.00')).toMatchObject({ httpStatus: 200 });
    const deposit = await post('admindeposit', { username: m.username, amount: '5000', reference: 'BANK-WINDOW-1' }, a);
    expect(deposit).toMatchObject({ httpStatus: 202, data: { kind: 'deposit' } });
    expect(await approve(deposit.data.approval_id, b)).toMatchObject({ status: 200 });
    expect((await wallets(ctx.t, m.id)).deposit).toBe(500_000n);
  });

  it('an operator cannot clear the flag their own adjustment raised; another operator can', async () => {
    const m = await payee(ctx);
    expect(await adjust(m, DEFAULT_PAYOUT_RISK_SETTINGS.large_adjustment)).toMatchObject({ httpStatus: 200 });
    const withdrawalId = await withdrawOk(ctx, m, '200');
    const flag = await openFlag(withdrawalId, 'after_adjustment', b);
    expect(flag).toBeDefined();
    expect(await post('adminclearpayoutflag', { id: flag.id, note: 'Looks fine to me' }, a)).toMatchObject({
      status: 403,
      msg: 'Your own action raised this flag; another operator must clear it',
    });
    expect(await post('adminclearpayoutflag', { id: flag.id, note: 'Checked the ticket with the member' }, b)).toMatchObject({
      status: 200,
    });
  });
});

describe('an upline change that moves paid commissions is a money action', () => {
  it('above the threshold it is an upline request; approved, it raises after_upline_change on every member it credits', async () => {
    await setSetting(ctx.t, 'four_eyes_threshold', '100.00');
    try {
      const oldSponsor = await member();
      const x = await createMember(ctx.t, { countryId: ctx.c.kes, sponsor: oldSponsor });
      await fund(ctx.t, x.id, 50_000n);
      expect((await post('activateaccount', {}, x)).status).toBe(200);
      const newSponsor = await payee(ctx);
      const asked = await post(
        'adminchangeupline',
        { username: x.username, upline: newSponsor.username, reason: 'Wrong sponsor' },
        a,
      );
      expect(asked).toMatchObject({ httpStatus: 202, data: { kind: 'upline', amount_system: '250.00' } });
      const l1 = async () =>
        (await ctx.t.sql<{ l1: string }>('SELECT l1_id::text AS l1 FROM members WHERE id = $1', [x.id.toString()]))[0]!.l1;
      expect(await l1()).toBe(oldSponsor.id.toString());
      expect(await approve(asked.data.approval_id, a)).toMatchObject({ status: 403 });
      expect(await approve(asked.data.approval_id, b)).toMatchObject({ status: 200 });
      expect(await l1()).toBe(newSponsor.id.toString());
      expect((await wallets(ctx.t, newSponsor.id)).balance).toBe(1_025_000n);

      const withdrawalId = await withdrawOk(ctx, newSponsor, '200');
      const flag = await openFlag(withdrawalId, 'after_upline_change', d);
      expect(flag).toBeDefined();
      // Raised by both operators' action: neither clears it.
      for (const by of [a, b])
        expect(await post('adminclearpayoutflag', { id: flag.id, note: 'Fine by me' }, by)).toMatchObject({ status: 403 });
      expect(await post('adminclearpayoutflag', { id: flag.id, note: 'Move confirmed in writing' }, d)).toMatchObject({
        status: 200,
      });
    } finally {
      await setSetting(ctx.t, 'four_eyes_threshold', '10000.00');
    }
  });
});

describe('a four-eyes request executes on the member id it was made for', () => {
  it('a deposit request credits its member even after their username changed hands', async () => {
    const first = await member();
    const asked = await post('admindeposit', { username: first.username, amount: '20000', reference: 'BANK-HANDS-1' }, a);
    expect(asked).toMatchObject({ httpStatus: 202, data: { kind: 'deposit' } });
    const name = first.username;
    await ctx.t.sql('UPDATE members SET username = $2 WHERE id = $1', [first.id.toString(), `${name.slice(0, 30)}_old`]);
    const second = await member();
    await ctx.t.sql('UPDATE members SET username = $2 WHERE id = $1', [second.id.toString(), name]);
    expect(await approve(asked.data.approval_id, b)).toMatchObject({ status: 200 });
    expect((await wallets(ctx.t, first.id)).deposit).toBe(2_000_000n);
    expect((await wallets(ctx.t, second.id)).deposit).toBe(0n);
  });
});

describe('with only one operator', () => {
  let solo: TestApp;
  afterAll(async () => solo.close());

  it('the console is told four-eyes cannot work, a large adjustment waits, and a server-side command adds the second', async () => {
    solo = await createTestApp();
    const c = await ensureTestCountries(solo);
    const only = await createMember(solo, { countryId: c.kes, status: 'active', role: 'operator' });
    const m = await createMember(solo, { countryId: c.kes, status: 'active' });
    expect(await callAction(solo.app, 'adminfoureyes', { token: only.token })).toMatchObject({
      status: 200,
      data: { operators: 1, can_work: false },
    });
    const asked = await callAction(solo.app, 'adminadjust', {
      method: 'POST',
      token: only.token,
      payload: { username: m.username, wallet: 'balance', amount: '50000.00', reason: 'Large goodwill' },
    });
    expect(asked).toMatchObject({ httpStatus: 202 });
    // Asking the console for a second operator only makes another request nobody can approve.
    const staff = await callAction(solo.app, 'adminstaffcreate', {
      method: 'POST',
      token: only.token,
      payload: { username: 'second_op', email: 'second@ops.example', role: 'operator' },
    });
    expect(staff).toMatchObject({ httpStatus: 202 });
    expect(
      await callAction(solo.app, 'adminapproverequest', {
        method: 'POST',
        token: only.token,
        payload: { id: asked.data.approval_id },
      }),
    ).toMatchObject({ status: 403 });
    expect((await wallets(solo, m.id)).balance).toBe(0n);

    await callAction(solo.app, 'adminrejectrequest', {
      method: 'POST',
      token: only.token,
      payload: { id: staff.data.approval_id, reason: 'Made on the server instead' },
    });
    const made = await enrolStaffByServer(solo.app.deps, {
      username: 'second_op',
      email: 'second@ops.example',
      role: 'operator',
    });
    expect(made.isNew).toBe(true);
    const token = new URL(made.link).searchParams.get('token')!;
    expect((await callAction(solo.app, 'staffenrol', { payload: { token, password: 'second-op-password' } })).status).toBe(200);
    const secondToken = await signInAndEnrol(solo, 'second_op', 'second-op-password', () => solo.app.deps.clock.now());
    expect(await callAction(solo.app, 'adminfoureyes', { token: only.token })).toMatchObject({
      data: { operators: 2, can_work: true },
    });
    expect(
      await callAction(solo.app, 'adminapproverequest', {
        method: 'POST',
        token: secondToken,
        payload: { id: asked.data.approval_id },
      }),
    ).toMatchObject({ status: 200 });
    expect((await wallets(solo, m.id)).balance).toBe(5_000_000n);
  });
});
