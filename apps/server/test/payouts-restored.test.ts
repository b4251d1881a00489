import { describe, expect, it } from 'vitest';
import { runPayoutSweep } from '../src/modules/payouts/payouts.startup.ts';
import { RESTORE_HOLDS_ALL_MS } from '../src/modules/payouts/payouts.repository.ts';
import { markRestored, readRestoredState } from '../src/modules/payouts/restored-state.ts';
import { callAction } from './harness.ts';
import { wallets } from './money-fixtures.ts';
import { usePayoutTestApp } from './payout-app.ts';
import {
  advanceClock,
  approve,
  expectReconciled,
  payee,
  payoutOf,
  settlements,
  waitFor,
  waitForState,
  withdrawOk,
} from './payouts-fixtures.ts';

/**
 * The restored state (decision 054). A restore brings the database back to its recovery point while M-Pesa kept what
 * happened after it: here one payout M-Pesa paid whose result never came (…37) and one M-Pesa failed whose result is
 * held back (…55), both still `sent` in the database, stand for the payouts in flight at the recovery point. The
 * restore's mark (what deploy/backup/restore-drill.ts writes on the restored database) pauses payouts: approvals and
 * retries refuse, the console shows it; the sweep asks M-Pesa about each through the status query, the paid one
 * settles paid once (never sent again), the failed one is refunded, and the mark clears itself so payouts resume.
 */
const ctx = usePayoutTestApp();
const sweep = () => runPayoutSweep(ctx.t.app.deps);
const retry = (id: string) =>
  callAction(ctx.t.app, 'adminretrypayout', { method: 'POST', token: ctx.operator.token, payload: { id } });
const sentTo = (phone: string) =>
  [...ctx.t.sim.mpesa.b2c.payouts.values()].filter((payout) => payout.phone === phone.replace(/^\+/, '')).length;

describe('payouts after a database restore', () => {
  it('stay paused until M-Pesa answered about every payout in flight, then resume; none is paid twice', async () => {
    const b2c = ctx.t.sim.mpesa.b2c;
    const utility = b2c.utilityBalanceMinor;
    // A payout that failed before the restore (so retrying it is possible): its hold is back with the member.
    const earlier = await payee(ctx);
    const earlierId = await withdrawOk(ctx, earlier, '500');
    b2c.utilityBalanceMinor = 0n;
    await approve(ctx, earlierId);
    const earlierFailed = await waitForState(ctx, earlierId, 'failed');
    b2c.utilityBalanceMinor = utility;

    // In flight at the recovery point: M-Pesa paid this one but its result never came.
    const paidMember = await payee(ctx, { suffix: '37' });
    const paidId = await withdrawOk(ctx, paidMember, '500');
    await approve(ctx, paidId);
    // …and M-Pesa failed this one (balance insufficient) but holds its result back (…55).
    const failedMember = await payee(ctx, { suffix: '55' });
    const failedId = await withdrawOk(ctx, failedMember, '500');
    b2c.utilityBalanceMinor = 0n;
    await approve(ctx, failedId);
    b2c.utilityBalanceMinor = utility;
    expect(await payoutOf(ctx, paidId)).toMatchObject({ state: 'sent' });
    expect(await payoutOf(ctx, failedId)).toMatchObject({ state: 'sent' });
    const failedBefore = await wallets(ctx.t, failedMember.id);

    const now = ctx.t.app.deps.clock.now();
    const marked = await markRestored(ctx.t.app.deps.db, { recoveryPoint: now, at: now, note: 'test restore' });
    expect(marked.payouts).toBe(2);
    expect(await readRestoredState(ctx.t.app.deps.db)).toMatchObject({ inFlight: 2, awaiting: 2 });

    // Paused: a new approval is taken but not sent (the claim that sends refuses), a retry refuses; the console shows it.
    const waiting = await payee(ctx);
    const waitingId = await withdrawOk(ctx, waiting, '500');
    expect(await approve(ctx, waitingId)).toMatchObject({ status: 200, resultcode: true });
    expect(await payoutOf(ctx, waitingId)).toMatchObject({ state: 'approved' });
    expect(sentTo(waiting.phone)).toBe(0);
    const refused = await retry(earlierFailed.id);
    expect(refused).toMatchObject({ status: 409, resultcode: false });
    expect(refused.msg).toContain('Payouts are paused after a database restore');
    const queue = await callAction(ctx.t.app, 'adminpayouts', { token: ctx.operator.token, query: {} });
    expect(queue.data.restored).toMatchObject({ in_flight: 2, awaiting: 2, recovery_point: now.toISOString() });

    // The sweep asks M-Pesa about both; its status answers settle them by the usual rules and clear the mark.
    await waitFor(async () => {
      await sweep();
      return (await readRestoredState(ctx.t.app.deps.db)) === null;
    });
    await b2c.releaseResults(); // The late failure result changes nothing now.

    // The mark clears once each answer is recorded; the settlement it leads to can land a moment later.
    const paid = await waitForState(ctx, paidId, 'paid');
    expect(paid).toMatchObject({ state: 'paid', settled_by: 'query' });
    expect(sentTo(paidMember.phone)).toBe(1);
    expect(await settlements(ctx, paidId)).toEqual([{ kind: 'withdrawal_complete' }]);
    expect(await waitForState(ctx, failedId, 'failed')).toMatchObject({ state: 'failed', settled_by: 'query' });
    expect(await settlements(ctx, failedId)).toEqual([{ kind: 'withdrawal_refund' }]);
    expect((await wallets(ctx.t, failedMember.id)).balance).toBe(failedBefore.balance + 53_000n);
    const checks = await ctx.t.sql<{ payout_id: string; answer: string; asked: boolean }>(
      'SELECT payout_id::text, answer, asked_at IS NOT NULL AS asked FROM restore_payout_checks ORDER BY payout_id',
    );
    // Each was asked; M-Pesa's "completed" may be recorded just before the settlement it leads to.
    expect(checks).toEqual([
      { payout_id: paid.id, answer: expect.stringMatching(/^(paid|completed)$/), asked: true },
      { payout_id: (await payoutOf(ctx, failedId)).id, answer: 'failed', asked: true },
    ]);

    // Resumed: the sweep sends the payout approved while paused, once; the console shows no restored state.
    await advanceClock(ctx, 11_000);
    await sweep();
    await waitForState(ctx, waitingId, 'paid');
    expect(sentTo(waiting.phone)).toBe(1);
    const after = await callAction(ctx.t.app, 'adminpayouts', { token: ctx.operator.token, query: {} });
    expect(after.data.restored).toBeNull();
    await expectReconciled(ctx);
  });

  it('clears at once when nothing was in flight at the recovery point', async () => {
    const now = ctx.t.app.deps.clock.now();
    expect(await markRestored(ctx.t.app.deps.db, { recoveryPoint: null, at: now })).toMatchObject({ payouts: 0 });
    expect(await readRestoredState(ctx.t.app.deps.db)).toMatchObject({ inFlight: 0, awaiting: 0 });
    await sweep();
    expect(await readRestoredState(ctx.t.app.deps.db)).toBeNull();
  });

  it('a provider that cannot answer holds only its own payouts; the others go after the window', async () => {
    const { mpesa } = ctx.t.sim;
    const b2c = mpesa.b2c;
    const statusDelay = mpesa.behaviour.callbackDelayMs;
    // M-Pesa takes requests but no result or status answer comes back in time (timeouts).
    b2c.behaviour.holdResults = true;
    mpesa.behaviour.callbackDelayMs = 3_600_000;
    try {
      const silent = await payee(ctx);
      const silentId = await withdrawOk(ctx, silent, '500');
      await approve(ctx, silentId);
      expect(await payoutOf(ctx, silentId)).toMatchObject({ state: 'sent' });
      const now = ctx.t.app.deps.clock.now();
      expect(await markRestored(ctx.t.app.deps.db, { recoveryPoint: now, at: now })).toMatchObject({ payouts: 1 });
      const other = await payee(ctx);
      const otherId = await withdrawOk(ctx, other, '500');
      expect(await approve(ctx, otherId)).toMatchObject({ status: 200 });
      await sweep(); // Asks about the silent payout: no answer.
      expect(sentTo(other.phone)).toBe(0);
      const banner = await callAction(ctx.t.app, 'adminpayouts', { token: ctx.operator.token, query: {} });
      expect(banner.data.restored).toMatchObject({ in_flight: 1, awaiting: 1 });

      // After the window, the payout M-Pesa was asked about but never answered holds only itself.
      await advanceClock(ctx, RESTORE_HOLDS_ALL_MS + 11_000);
      await sweep();
      expect(sentTo(other.phone)).toBe(1);
      expect(await b2c.releaseResults((await payoutOf(ctx, otherId)).reference)).toBe(1);
      await waitForState(ctx, otherId, 'paid');
      expect(await readRestoredState(ctx.t.app.deps.db)).toMatchObject({ inFlight: 1, awaiting: 1 });
      expect(sentTo(silent.phone)).toBe(1);
    } finally {
      b2c.behaviour.holdResults = false;
      mpesa.behaviour.callbackDelayMs = statusDelay;
    }
    // M-Pesa answers again: the silent payout settles (paid once, never sent again) and the restore clears.
    await b2c.releaseResults();
    await waitFor(async () => {
      await advanceClock(ctx, 61_000); // A question not answered is asked again after a minute.
      await sweep();
      return (await readRestoredState(ctx.t.app.deps.db)) === null;
    });
    await expectReconciled(ctx);
  });

  it('a payout approved but never claimed at the recovery point is asked about; "not found" sends it once', async () => {
    const b2c = ctx.t.sim.mpesa.b2c;
    b2c.behaviour.holdResults = true;
    const blocker = await payee(ctx);
    const blockerId = await withdrawOk(ctx, blocker, '500');
    await approve(ctx, blockerId);
    const db = ctx.t.app.deps.db;
    let now = ctx.t.app.deps.clock.now();
    await markRestored(db, { recoveryPoint: now, at: now });
    const unsent = await payee(ctx);
    const unsentId = await withdrawOk(ctx, unsent, '500');
    await approve(ctx, unsentId); // Approved, never claimed: the open restore holds every send.
    expect(await payoutOf(ctx, unsentId)).toMatchObject({ state: 'approved' });
    // The database is restored again to this point: both payouts are in flight, one of them never sent.
    await ctx.t.sql('UPDATE database_restores SET cleared_at = $1 WHERE cleared_at IS NULL', [now.toISOString()]);
    now = ctx.t.app.deps.clock.now();
    expect(await markRestored(db, { recoveryPoint: now, at: now })).toMatchObject({ payouts: 2 });
    b2c.behaviour.holdResults = false;
    await b2c.releaseResults();
    await waitFor(async () => {
      await sweep();
      return (await readRestoredState(db)) === null;
    });
    const checks = await ctx.t.sql<{ answer: string }>('SELECT answer FROM restore_payout_checks WHERE payout_id = $1', [
      (await payoutOf(ctx, unsentId)).id,
    ]);
    expect(checks.at(-1)).toEqual({ answer: 'not-found' });
    await advanceClock(ctx, 11_000);
    await sweep();
    await waitForState(ctx, unsentId, 'paid');
    expect(sentTo(unsent.phone)).toBe(1);
    expect(await settlements(ctx, unsentId)).toEqual([{ kind: 'withdrawal_complete' }]);
    await expectReconciled(ctx);
  });
});
