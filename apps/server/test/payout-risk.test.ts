import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PAYOUT_AUTO_PAY_SETTINGS, DEFAULT_PAYOUT_RISK_SETTINGS } from '@tuzo/contracts';
import { dispatchPayout } from '../src/modules/payouts/payouts.service.ts';
import { callAction } from './harness.ts';
import { createMember, type TestMember } from './money-fixtures.ts';
import {
  advanceClock,
  approve,
  expectReconciled,
  history,
  payee,
  payouts,
  setSetting,
  waitForState,
  withdrawOk,
} from './payouts-fixtures.ts';
import { usePayoutTestApp } from './payout-app.ts';

/**
 * Payout risk flags and auto-pay (docs/money.md "Payouts: risk flags and auto-pay", decision 035), through the M-Pesa
 * simulator over HTTP: each flag is raised with its reason, holds the withdrawal (no approval, no payout) and is
 * cleared with an audited note, after which the withdrawal goes on; auto-pay pays with no operator only when every
 * rule allows it. Every test ends with a reconciled ledger.
 */
const ctx = usePayoutTestApp();
beforeEach(async () => {
  await setSetting(ctx.t, 'payouts.risk', DEFAULT_PAYOUT_RISK_SETTINGS);
  await setSetting(ctx.t, 'payouts.auto_pay', DEFAULT_PAYOUT_AUTO_PAY_SETTINGS);
  if (ctx.clock.offsetMs !== 0) await advanceClock(ctx, -ctx.clock.offsetMs);
});

const HOUR_MS = 60 * 60 * 1000;

interface FlagRow {
  id: string;
  kind: string;
  reason: string;
  withdrawal_id: string;
  withdrawal_status: string;
  cleared_by: string | null;
  note: string | null;
}

async function flagsOf(withdrawalId: string, view: 'open' | 'cleared' = 'open'): Promise<FlagRow[]> {
  const res = await callAction(ctx.t.app, 'adminpayoutflags', {
    token: ctx.operator.token,
    query: { view, withdrawal_id: withdrawalId },
  });
  expect(res).toMatchObject({ status: 200, resultcode: true });
  return (res.data as { rows: FlagRow[] }).rows;
}

function clearFlag(id: string, note: string, by: TestMember = ctx.operator) {
  return callAction(ctx.t.app, 'adminclearpayoutflag', { method: 'POST', token: by.token, payload: { id, note } });
}

/**
 * Clears every open flag of a withdrawal; answers the last clearing's data. A flag raised by an operator's own
 * action (an adjustment, an upline change) is cleared by another operator (decision 044): `by`.
 */
async function clearAll(withdrawalId: string, by: TestMember = ctx.operator) {
  const open = await flagsOf(withdrawalId);
  expect(open.length).toBeGreaterThan(0);
  let last: { next: string; payout: { id: string } | null; open_flags: number } | null = null;
  for (const flag of open) {
    const res = await clearFlag(flag.id, `Checked with the member by phone (${flag.kind})`, by);
    expect(res).toMatchObject({ status: 200, resultcode: true });
    last = res.data;
  }
  return last!;
}

/** Approves (as an operator), sends the payout the approval started, and waits for it to be paid. */
async function approveAndPay(withdrawalId: string): Promise<void> {
  const res = await approve(ctx, withdrawalId);
  expect(res).toMatchObject({ status: 200, resultcode: true });
  const [payout] = await payouts(ctx, withdrawalId);
  expect(payout).toBeDefined();
  await dispatchPayout(ctx.t.app.deps, BigInt(payout!.id));
  await waitForState(ctx, withdrawalId, 'paid');
}

/** An operator's approval is refused while a flag is open, naming its reason; no payout is started. */
async function expectHeld(withdrawalId: string): Promise<void> {
  const [flag] = await flagsOf(withdrawalId);
  const res = await approve(ctx, withdrawalId);
  expect(res).toMatchObject({ resultcode: false, code: 'CONFLICT' });
  expect(res.httpStatus).toBe(409);
  expect(res.msg).toContain('This withdrawal is held by a risk flag');
  expect(res.msg).toContain(flag!.reason);
  expect(await payouts(ctx, withdrawalId)).toEqual([]);
}

async function audits(action: string, target: string) {
  return ctx.t.sql<{ actor_id: string | null; after: Record<string, unknown> }>(
    'SELECT actor_id::text, after FROM audit_log WHERE action = $1 AND target_id = $2 ORDER BY id',
    [action, target],
  );
}

describe('risk flags hold a withdrawal until an operator clears them', () => {
  it('the payout phone is another member’s registered phone: flagged, held, cleared with a note, then paid', async () => {
    const m = await payee(ctx);
    const other = await payee(ctx);
    // The same phone written the local way: 07XXXXXXXX is +2547XXXXXXXX.
    await ctx.t.sql('UPDATE members SET phone = $2 WHERE id = $1', [other.id.toString(), `0${m.phone.slice(4)}`]);
    const id = await withdrawOk(ctx, m, '500');

    const [flag, ...rest] = await flagsOf(id);
    expect(rest).toEqual([]);
    expect(flag).toMatchObject({ kind: 'shared_phone', withdrawal_status: '0', cleared_by: null, note: null });
    expect(flag!.reason).toBe(
      `The payout phone is also the registered phone of member ${other.username} (0${m.phone.slice(4)}).`,
    );
    await expectHeld(id);

    const cleared = await clearFlag(flag!.id, 'Family phone, confirmed on a call');
    expect(cleared).toMatchObject({
      status: 200,
      resultcode: true,
      data: { id: flag!.id, withdrawal_id: id, open_flags: 0, next: 'awaiting_approval', payout: null },
    });
    expect(await flagsOf(id)).toEqual([]);
    expect(await flagsOf(id, 'cleared')).toMatchObject([
      { id: flag!.id, cleared_by: ctx.operator.username, note: 'Family phone, confirmed on a call' },
    ]);
    expect(await audits('payout.flag_clear', id)).toMatchObject([
      { actor_id: ctx.operator.id.toString(), after: { state: 'cleared', note: 'Family phone, confirmed on a call' } },
    ]);
    expect(await clearFlag(flag!.id, 'again')).toMatchObject({ resultcode: false, code: 'ALREADY_DONE' });

    await approveAndPay(id);
    expect(await history(ctx, m)).toMatchObject([{ Status: '2' }]);
    await expectReconciled(ctx);
  });

  it('the M-Pesa name was already paid for another member: both members’ later withdrawals are flagged', async () => {
    const a = await payee(ctx);
    const b = await payee(ctx);
    for (const m of [a, b]) ctx.t.sim.mpesa.b2c.recipientNames.set(m.phone.slice(1), 'JANE WANJIKU');
    const first = await withdrawOk(ctx, a, '300');
    expect(await flagsOf(first)).toEqual([]);
    await approveAndPay(first);
    // b's first payout is not flagged: its name is known only from its result.
    const second = await withdrawOk(ctx, b, '300');
    expect(await flagsOf(second)).toEqual([]);
    await approveAndPay(second);

    const laterA = await withdrawOk(ctx, a, '300');
    const laterB = await withdrawOk(ctx, b, '300');
    expect(await flagsOf(laterA)).toMatchObject([
      {
        kind: 'shared_name',
        reason: `M-Pesa names this member's payouts "JANE WANJIKU", a name already paid for member ${b.username}.`,
      },
    ]);
    expect(await flagsOf(laterB)).toMatchObject([{ kind: 'shared_name', reason: expect.stringContaining(a.username) }]);
    await expectHeld(laterA);
    expect((await clearAll(laterA)).next).toBe('awaiting_approval');
    await approveAndPay(laterA);
    expect((await clearAll(laterB)).next).toBe('awaiting_approval');
    await approveAndPay(laterB);
    await expectReconciled(ctx);
  });

  it('more withdrawals in a day than the setting: the extra one is flagged; the next day starts again', async () => {
    await setSetting(ctx.t, 'payouts.risk', { ...DEFAULT_PAYOUT_RISK_SETTINGS, max_withdrawals_per_day: 2 });
    const m = await payee(ctx);
    const ids = [await withdrawOk(ctx, m, '200'), await withdrawOk(ctx, m, '200'), await withdrawOk(ctx, m, '200')];
    expect(await flagsOf(ids[0]!)).toEqual([]);
    expect(await flagsOf(ids[1]!)).toEqual([]);
    expect(await flagsOf(ids[2]!)).toMatchObject([
      {
        kind: 'daily_count',
        reason: "This is the member's withdrawal number 3 today; more than 2 a day are checked by hand.",
      },
    ]);
    await expectHeld(ids[2]!);
    await advanceClock(ctx, 25 * HOUR_MS);
    const nextDay = await withdrawOk(ctx, m, '200');
    expect(await flagsOf(nextDay)).toEqual([]);
    await clearAll(ids[2]!);
    await approveAndPay(ids[2]!);
    await expectReconciled(ctx);
  });

  it('a withdrawal right after a large adjustment is flagged; after the window it is not', async () => {
    const m = await payee(ctx);
    const adjust = (amount: string) =>
      callAction(ctx.t.app, 'adminadjust', {
        method: 'POST',
        token: ctx.operator.token,
        payload: { username: m.username, wallet: 'balance', amount, reason: 'Goodwill credit after a support call' },
      });
    expect(await adjust('4999.99')).toMatchObject({ status: 200, resultcode: true });
    const small = await withdrawOk(ctx, m, '200');
    expect(await flagsOf(small)).toEqual([]);
    expect(await adjust('5000.00')).toMatchObject({ status: 200, resultcode: true });
    const id = await withdrawOk(ctx, m, '200');
    const [flag] = await flagsOf(id);
    expect(flag).toMatchObject({ kind: 'after_adjustment' });
    expect(flag!.reason).toMatch(/^Requested within 48 hours of an adjustment crediting 5,000\.00 \(system currency/);
    await expectHeld(id);

    await advanceClock(ctx, 49 * HOUR_MS);
    const later = await withdrawOk(ctx, m, '200');
    expect(await flagsOf(later)).toEqual([]);
    // The operator whose adjustment raised the flag does not clear it (decision 044).
    const [own] = await flagsOf(id);
    expect(await clearFlag(own!.id, 'My own adjustment, fine')).toMatchObject({ status: 403 });
    await clearAll(id, ctx.secondOperator);
    await approveAndPay(id);
    await expectReconciled(ctx);
  });

  it('a withdrawal right after an upline change is flagged; a window of 0 turns the check off', async () => {
    const sponsor = await createMember(ctx.t, { countryId: ctx.c.kes, status: 'active' });
    const m = await payee(ctx);
    const changed = await callAction(ctx.t.app, 'adminchangeupline', {
      method: 'POST',
      token: ctx.operator.token,
      payload: { username: m.username, upline: sponsor.username, reason: 'Sponsor asked for the move in writing' },
    });
    expect(changed).toMatchObject({ status: 200, resultcode: true });
    const id = await withdrawOk(ctx, m, '200');
    expect(await flagsOf(id)).toMatchObject([
      {
        kind: 'after_upline_change',
        reason: expect.stringMatching(/^Requested within 72 hours of a change of this member's upline/),
      },
    ]);
    await expectHeld(id);

    await setSetting(ctx.t, 'payouts.risk', { ...DEFAULT_PAYOUT_RISK_SETTINGS, upline_change_window_hours: 0 });
    const unchecked = await withdrawOk(ctx, m, '200');
    expect(await flagsOf(unchecked)).toEqual([]);
    await clearAll(id, ctx.secondOperator);
    await approveAndPay(id);
    await expectReconciled(ctx);
  });

  it('flags are for operators: support cannot list or clear them, and a note is required', async () => {
    const support = await createMember(ctx.t, { countryId: ctx.c.kes, status: 'active', role: 'support' });
    const list = await callAction(ctx.t.app, 'adminpayoutflags', { token: support.token });
    expect(list).toMatchObject({ resultcode: false, code: 'FORBIDDEN' });
    expect(await clearFlag('1', 'A fine note', support)).toMatchObject({ resultcode: false, code: 'FORBIDDEN' });
    const noNote = await clearFlag('1', ' ');
    expect(noNote).toMatchObject({ resultcode: false, msg: 'A note is required: say why this payout is safe' });
    expect(noNote.httpStatus).toBe(400);
    expect(await clearFlag('999999999', 'A fine note')).toMatchObject({ resultcode: false, code: 'NOT_FOUND' });
  });
});

describe('auto-pay rules', () => {
  const on = { enabled: true, below_amount: '1000.00', min_active_days: 1, max_per_day: 1 };

  it('off (the default): nothing is paid without an operator', async () => {
    const m = await payee(ctx);
    const id = await withdrawOk(ctx, m, '500');
    expect(await payouts(ctx, id)).toEqual([]);
    expect(await history(ctx, m)).toMatchObject([{ Status: '0' }]);
    await expectReconciled(ctx);
  });

  it('on: a small withdrawal by a member active long enough is approved and paid with no operator, audited as auto-pay', async () => {
    await setSetting(ctx.t, 'payouts.auto_pay', on);
    const m = await payee(ctx);
    const id = await withdrawOk(ctx, m, '500');
    const paid = await waitForState(ctx, id, 'paid');
    const approvedBy = await ctx.t.sql<{ approved_by: string | null }>('SELECT approved_by::text FROM payouts WHERE id = $1', [
      paid.id,
    ]);
    expect(approvedBy).toEqual([{ approved_by: null }]);
    expect(await audits('payout.auto_pay', id)).toMatchObject([
      {
        actor_id: null,
        after: {
          by: 'auto-pay',
          amountSystemMinor: '50000',
          rules: { belowAmount: '1000.00', minActiveDays: 1, maxPerDay: 1, activeDays: 2, payoutsToday: 0 },
        },
      },
    ]);
    expect(await history(ctx, m)).toMatchObject([{ Status: '2', Receipt: paid.receipt }]);

    // At most one a day: the second waits for an operator, the next day's is paid again.
    const second = await withdrawOk(ctx, m, '500');
    expect(await payouts(ctx, second)).toEqual([]);
    await advanceClock(ctx, 25 * HOUR_MS);
    const nextDay = await withdrawOk(ctx, m, '500');
    await waitForState(ctx, nextDay, 'paid');
    await expectReconciled(ctx);
  });

  it('on: two withdrawals of one member at once, at most one a day: exactly one is auto-paid', async () => {
    await setSetting(ctx.t, 'payouts.auto_pay', on);
    const m = await payee(ctx);
    const ids = await Promise.all([withdrawOk(ctx, m, '300'), withdrawOk(ctx, m, '300')]);
    const counts = await Promise.all(ids.map(async (id) => (await payouts(ctx, id)).length));
    expect([...counts].sort()).toEqual([0, 1]);
    const paidId = ids[counts.indexOf(1)]!;
    await waitForState(ctx, paidId, 'paid');
    expect(await audits('payout.auto_pay', paidId)).toHaveLength(1);
    expect((await history(ctx, m)).map((row) => row.Status).sort()).toEqual(['0', '2']);
    await expectReconciled(ctx);
  });

  it('on, but held: at or over the amount, a member too new, over the day’s count, or a risk flag', async () => {
    await setSetting(ctx.t, 'payouts.auto_pay', { ...on, max_per_day: 2 });
    const m = await payee(ctx);
    const over = await withdrawOk(ctx, m, '1000');
    expect(await payouts(ctx, over)).toEqual([]);

    const fresh = await payee(ctx);
    await ctx.t.sql(`UPDATE members SET activated_at = now() - interval '12 hours' WHERE id = $1`, [fresh.id.toString()]);
    const tooNew = await withdrawOk(ctx, fresh, '200');
    expect(await payouts(ctx, tooNew)).toEqual([]);

    // Flagged (the daily count), so held even though every auto-pay rule allows it; clearing lets auto-pay pay it.
    await setSetting(ctx.t, 'payouts.risk', { ...DEFAULT_PAYOUT_RISK_SETTINGS, max_withdrawals_per_day: 1 });
    const flagged = await withdrawOk(ctx, m, '200');
    expect(await flagsOf(flagged)).toMatchObject([{ kind: 'daily_count' }]);
    expect(await payouts(ctx, flagged)).toEqual([]);
    const cleared = await clearAll(flagged);
    expect(cleared).toMatchObject({ next: 'auto_paid', open_flags: 0 });
    await waitForState(ctx, flagged, 'paid');

    await expectReconciled(ctx);
  });
});
