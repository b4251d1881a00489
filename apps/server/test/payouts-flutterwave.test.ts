import { describe, expect, it } from 'vitest';
import { runPayoutSweep } from '../src/modules/payouts/payouts.startup.ts';
import { wallets } from './money-fixtures.ts';
import {
  approve,
  expectReconciled,
  history,
  notices,
  payee,
  payoutOf,
  settlements,
  waitFor,
  waitForState,
  withdrawOk,
  approvedWithdrawal,
} from './payouts-fixtures.ts';
import { usePayoutTestApp } from './payout-app.ts';

/**
 * Payouts by Flutterwave transfer where the operator set it for the member's country (here the UGX test country):
 * the transfer is created under our reference, and only a fetch of the transfer settles it (the webhook is a hint).
 * UGX 10,000 from Jumbo carries a UGX 1,000 charge in the test country.
 */
const ctx = usePayoutTestApp({
  setUp: async () => {
    transfers().behaviour.transferDelayMs = 20;
  },
});
const transfers = () => ctx.t.sim.flutterwave.transfers;
const simTransfer = (reference: string) =>
  [...transfers().transfers.values()].find((transfer) => transfer.reference === reference);

describe('Flutterwave transfers', () => {
  it('pays a member of a Flutterwave country in their currency, settled by a fetch of the transfer', async () => {
    const m = await payee(ctx, { countryId: ctx.c.ugx });
    const id = await withdrawOk(ctx, m, '10000');
    const approved = await approve(ctx, id);
    expect(approved.data.payout).toMatchObject({ provider: 'flutterwave' });
    const paid = await waitForState(ctx, id, 'paid');
    const sim = simTransfer(paid.reference);
    expect(sim).toMatchObject({
      status: 'SUCCESSFUL',
      amountMinor: 1_000_000n,
      currency: 'UGX',
      accountNumber: m.phone.slice(1),
    });
    expect(paid).toMatchObject({ settled_by: 'query', receipt: `FLW-${sim?.id}` });
    expect(await history(ctx, m)).toMatchObject([{ Status: '2', Amount: '10000.00', Receipt: paid.receipt }]);
    expect(await settlements(ctx, id)).toEqual([{ kind: 'withdrawal_complete' }]);
    await expectReconciled(ctx);
  });

  it('a failed transfer (…40) returns amount and charge to the wallet with the reason', async () => {
    const m = await payee(ctx, { countryId: ctx.c.ugx, suffix: '40' });
    const before = (await wallets(ctx.t, m.id)).balance;
    const id = await withdrawOk(ctx, m, '10000');
    await approve(ctx, id);
    const failed = await waitForState(ctx, id, 'failed');
    expect(failed.failure_reason).toBe('The transfer to your mobile money account did not go through.');
    expect((await wallets(ctx.t, m.id)).balance).toBe(before);
    expect(await history(ctx, m)).toMatchObject([{ Status: '1', Reason: failed.failure_reason }]);
    expect((await notices(ctx, m)).at(-1)).toContain(
      'could not be paid: The transfer to your mobile money account did not go through.',
    );
    expect(await settlements(ctx, id)).toEqual([{ kind: 'withdrawal_refund' }]);
    await expectReconciled(ctx);
  });

  it('a webhook sent twice (…99) settles once', async () => {
    const { id } = await approvedWithdrawal(ctx, { countryId: ctx.c.ugx, suffix: '99' }, '10000');
    const paid = await waitForState(ctx, id, 'paid');
    await waitFor(async () => (simTransfer(paid.reference)?.webhooksSent ?? 0) >= 2);
    await waitFor(
      async () =>
        (await ctx.t.sql(`SELECT 1 FROM payout_exchanges WHERE payout_id = $1 AND kind = 'webhook'`, [paid.id])).length === 2,
    );
    expect(await settlements(ctx, id)).toEqual([{ kind: 'withdrawal_complete' }]);
    await expectReconciled(ctx);
  });

  it('a create that answers 503 after queueing the transfer (…53): unknown, then paid once by the fetch', async () => {
    const { id } = await approvedWithdrawal(ctx, { countryId: ctx.c.ugx, suffix: '53' }, '10000');
    expect(await payoutOf(ctx, id)).toMatchObject({ state: 'unknown' });
    await runPayoutSweep(ctx.t.app.deps);
    const paid = await waitForState(ctx, id, 'paid');
    expect(paid.settled_by).toBe('query');
    expect([...transfers().transfers.values()].filter((transfer) => transfer.reference === paid.reference)).toHaveLength(1);
    expect(await settlements(ctx, id)).toEqual([{ kind: 'withdrawal_complete' }]);
    await expectReconciled(ctx);
  });
});
