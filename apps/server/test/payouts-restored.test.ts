import { describe, expect, it } from 'vitest';
import { runPayoutSweep } from '../src/modules/payouts/payouts.startup.ts';
import { markRestored, readRestoredState } from '../src/modules/payouts/restored-state.ts';
import { callAction } from './harness.ts';
import { wallets } from './money-fixtures.ts';
import { usePayoutTestApp } from './payout-app.ts';
import {
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

    // Paused: a new approval and a retry refuse; the console shows the restored state.
    const waiting = await payee(ctx);
    const waitingId = await withdrawOk(ctx, waiting, '500');
    const refused = await approve(ctx, waitingId);
    expect(refused).toMatchObject({ status: 409, resultcode: false });
    expect(refused.msg).toContain('Payouts are paused after a database restore');
    expect(await retry(earlierFailed.id)).toMatchObject({ status: 409 });
    const queue = await callAction(ctx.t.app, 'adminpayouts', { token: ctx.operator.token, query: {} });
    expect(queue.data.restored).toMatchObject({ in_flight: 2, awaiting: 2, recovery_point: now.toISOString() });

    // The sweep asks M-Pesa about both; its status answers settle them by the usual rules and clear the mark.
    await waitFor(async () => {
      await sweep();
      return (await readRestoredState(ctx.t.app.deps.db)) === null;
    });
    await b2c.releaseResults(); // The late failure result changes nothing now.

    const paid = await payoutOf(ctx, paidId);
    expect(paid).toMatchObject({ state: 'paid', settled_by: 'query' });
    expect(sentTo(paidMember.phone)).toBe(1);
    expect(await settlements(ctx, paidId)).toEqual([{ kind: 'withdrawal_complete' }]);
    expect(await payoutOf(ctx, failedId)).toMatchObject({ state: 'failed', settled_by: 'query' });
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

    // Resumed: the approval refused while paused goes through now, and the console shows no restored state.
    expect(await approve(ctx, waitingId)).toMatchObject({ status: 200, resultcode: true });
    await waitForState(ctx, waitingId, 'paid');
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
});
