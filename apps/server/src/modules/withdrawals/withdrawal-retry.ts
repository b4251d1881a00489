import { WALLET_LABELS } from '@tuzo/contracts';
import { withdrawals } from '../../db/schema.ts';
import { businessRow } from '../../ledger/business-row.ts';
import { recordMovement } from '../../ledger/movement.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { lockWithdrawal, type WithdrawalRow } from './withdrawals.repository.ts';

/**
 * Retry of a failed payout (decision 033): an operator takes the withdrawal's hold again, amount and charge as first
 * held (same currency, rate and system amounts), from the same wallet, as a new pending withdrawal, to be approved
 * like any other. Refused if the wallet no longer holds it; one retry per failed payout (ledger key
 * `withdrawal:retry:<payout id>`: a second is a 409 naming the first). Audited in the hold's transaction.
 */
export async function retakeWithdrawal(
  deps: AppDeps,
  input: { fromWithdrawalId: bigint; failedPayoutId: bigint; operatorId: bigint; ip: string },
): Promise<WithdrawalRow> {
  const idempotencyKey = `withdrawal:retry:${input.failedPayoutId}`;
  return deps.db.transaction(async (tx) => {
    const old = await lockWithdrawal(tx, input.fromWithdrawalId);
    if (!old) throw new AppError('NOT_FOUND', 'Withdrawal not found');
    if (old.status !== 1) throw new AppError('CONFLICT', 'Only a failed and refunded withdrawal can be paid again');
    const totalSystemMinor = old.amountSystemMinor + old.feeSystemMinor;
    const at = deps.clock.now();
    const held = await recordMovement(tx, {
      kind: 'withdrawal_hold',
      idempotencyKey,
      memberId: old.memberId,
      memo: `Withdrawal #${old.id} paid again after its payout failed: hold taken again (fee included)`,
      conversion: {
        rateMicro: old.rateMicro,
        localAmountMinor: old.amountLocalMinor + old.feeLocalMinor,
        currency: old.currency,
      },
      request: { retryOf: input.failedPayoutId.toString() },
      at,
      insufficientMessage: `The member’s ${WALLET_LABELS[old.wallet]} wallet no longer holds the amount and charge; the payout cannot be retried`,
      conflictMessage: 'This payout was already retried',
      legs: [
        { account: { memberId: old.memberId, wallet: old.wallet }, amountMinor: -totalSystemMinor },
        { account: { system: 'hold:withdrawals' }, amountMinor: totalSystemMinor },
      ],
      business: businessRow(withdrawals, 'holdTransactionId', {
        memberId: old.memberId,
        wallet: old.wallet,
        amountLocalMinor: old.amountLocalMinor,
        feeLocalMinor: old.feeLocalMinor,
        currency: old.currency,
        rateMicro: old.rateMicro,
        amountSystemMinor: old.amountSystemMinor,
        feeSystemMinor: old.feeSystemMinor,
        status: 0,
        idempotencyKey,
        createdAt: at,
        // Paid again to the phone the member asked for, never the phone they have now.
        payoutPhone: old.payoutPhone,
        payoutName: old.payoutName,
      }),
      audit: {
        actorId: input.operatorId,
        action: 'payout.retry',
        targetType: 'payout',
        targetId: input.failedPayoutId,
        before: { withdrawalId: old.id, status: old.status },
        after: { holdTransactionId: '$transaction_id' },
        ip: input.ip,
      },
    });
    if (!held.business) throw new Error(`Withdrawal hold ${held.transactionId} has no withdrawal row`);
    if (held.duplicate) throw new AppError('CONFLICT', `This payout was already retried as withdrawal #${held.business.id}`);
    return held.business;
  });
}
