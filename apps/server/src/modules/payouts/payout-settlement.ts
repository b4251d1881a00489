import { formatMinor, WALLET_LABELS } from '@tuzo/contracts';
import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { recordMovement } from '../../ledger/movement.ts';
import { holdSettlementLegs, lockWithdrawalForPayout, markWithdrawalSettled, refundedText } from '../withdrawals/index.ts';
import { recordSignals } from '../fraud-signals/index.ts';
import { enqueueSms, withdrawalSms } from '../sms/index.ts';
import { nextPayoutState } from './payout-state.ts';
import { lockPayout, updatePayout } from './payouts.repository.ts';

/** A final outcome to apply to a payout. */
export type Settlement =
  | {
      outcome: 'paid';
      receipt: string;
      receiverName: string | null;
      feeMinor: bigint | null;
      detail: string | null;
    }
  | { outcome: 'failed'; code: string; reason: string; detail: string | null };

export type SettledBy = 'result' | 'query' | 'send' | 'operator';

/**
 * Settles a payout once: paid moves the hold to provider:payouts (amount) and house:fees (charge) and completes the
 * withdrawal ('2'); failed returns amount and charge to the wallet they came from and declines it ('1', the reason
 * in the member's words). One database transaction: the withdrawal row, then the payout row, are locked (the order
 * every payout path uses), the state machine decides again on the locked row, and the ledger movement (key
 * `payout-settle:<payout id>`), both rows, the member's notification and the audit row commit together. A payout
 * already final is left alone: a late, replayed or forged result changes nothing. Returns the payout's state after.
 */
export async function settlePayout(
  deps: AppDeps,
  input: {
    payoutId: bigint;
    withdrawalId: bigint;
    settlement: Settlement;
    by: SettledBy;
    actorId?: bigint | null;
    ip?: string | null;
  },
  db: DbOrTx = deps.db,
): Promise<'paid' | 'failed' | 'unchanged'> {
  return db.transaction(async (tx) => {
    const withdrawal = await lockWithdrawalForPayout(tx, input.withdrawalId);
    const payout = await lockPayout(tx, input.payoutId);
    if (!payout) throw new Error(`Payout ${input.payoutId} is missing`);
    const step = nextPayoutState(payout.state, input.settlement.outcome, { byQuery: input.by !== 'result' });
    if (!('next' in step)) {
      deps.log.info(
        { payoutId: payout.id.toString(), state: payout.state, why: Object.values(step)[0] },
        'Payout result not applied',
      );
      return 'unchanged';
    }
    const at = deps.clock.now();
    const settlement = input.settlement;
    const isPaid = settlement.outcome === 'paid';
    // The name the provider paid is a multi-account signal (decision 061, evidence only), before the wallet locks.
    if (isPaid && settlement.receiverName) {
      const signals = { receiverName: settlement.receiverName };
      await recordSignals(tx, deps, { memberId: withdrawal.memberId, event: 'payout', at, signals });
    }
    const recorded = await recordMovement(tx, {
      kind: isPaid ? 'withdrawal_complete' : 'withdrawal_refund',
      idempotencyKey: `payout-settle:${payout.id}`,
      memberId: withdrawal.memberId,
      memo: isPaid
        ? `Withdrawal paid out by ${payout.provider} (receipt ${settlement.receipt})`
        : `Withdrawal payout failed: refunded in full, fee included (${settlement.code})`,
      legs: holdSettlementLegs(withdrawal, isPaid),
      at,
      notify: { memberId: withdrawal.memberId, ...settlementNotice(withdrawal, payout, settlement) },
      audit: settlementAudit(input, withdrawal, payout, step.next),
    });
    // The SMS is written in this transaction and sent after commit (docs/decisions/037-sms-outbox.md); the key is the
    // withdrawal's, as for an operator's decision by hand, so a withdrawal gets one SMS whichever path settles it.
    const sms = withdrawalSms(withdrawal, { isPaid, phone: payout.phone, receipt: isPaid ? settlement.receipt : null });
    await enqueueSms(tx, { memberId: withdrawal.memberId, event: sms, dedupeKey: `withdrawal:${withdrawal.id}`, at });
    await updatePayout(tx, payout.id, {
      state: step.next,
      settledAt: at,
      settledBy: input.by,
      settleTransactionId: recorded.transactionId,
      providerDetail: settlement.detail,
      ...(isPaid
        ? { receipt: settlement.receipt, receiverName: settlement.receiverName, providerFeeMinor: settlement.feeMinor }
        : { failureCode: settlement.code, failureReason: settlement.reason }),
    });
    await markWithdrawalSettled(tx, {
      id: withdrawal.id,
      status: isPaid ? 2 : 1,
      settleTransactionId: recorded.transactionId,
      decidedBy: payout.approvedBy,
      at,
    });
    return isPaid ? 'paid' : 'failed';
  });
}

type LockedWithdrawal = Awaited<ReturnType<typeof lockWithdrawalForPayout>>;
type LockedPayout = NonNullable<Awaited<ReturnType<typeof lockPayout>>>;

/** The audit row of a settlement: the states before and after, who settled it and the provider's words. */
function settlementAudit(
  input: { settlement: Settlement; by: SettledBy; actorId?: bigint | null; ip?: string | null },
  withdrawal: LockedWithdrawal,
  payout: LockedPayout,
  next: string,
) {
  const settlement = input.settlement;
  return {
    actorId: input.actorId ?? null,
    action: settlement.outcome === 'paid' ? 'payout.paid' : 'payout.failed',
    targetType: 'payout',
    targetId: payout.id,
    before: { state: payout.state, withdrawalStatus: withdrawal.status },
    after: {
      state: next,
      by: input.by,
      withdrawalId: withdrawal.id,
      ...(settlement.outcome === 'paid' ? { receipt: settlement.receipt } : { code: settlement.code, reason: settlement.reason }),
      settleTransactionId: '$transaction_id',
    },
    ip: input.ip ?? null,
  };
}

/** The member's in-app notice of a settled payout, in their words. */
function settlementNotice(withdrawal: LockedWithdrawal, payout: LockedPayout, settlement: Settlement) {
  const amount = `${withdrawal.currency} ${formatMinor(withdrawal.amountLocalMinor)}`;
  if (settlement.outcome === 'paid') {
    return {
      msg: `Your withdrawal of ${amount} has been paid to ${payout.phone}. Receipt ${settlement.receipt}.`,
      severity: 'success' as const,
    };
  }
  return {
    msg: `Your withdrawal of ${amount} could not be paid: ${settlement.reason} ${refundedText(withdrawal)} is back in your ${WALLET_LABELS[withdrawal.wallet]} wallet.`,
    severity: 'warning' as const,
  };
}
