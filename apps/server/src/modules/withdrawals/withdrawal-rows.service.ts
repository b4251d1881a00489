import type { DbOrTx } from '../../db/client.ts';
import { lockWithdrawal, markWithdrawalDecided, type WithdrawalRow } from './withdrawals.repository.ts';

export type { WithdrawalRow };

/**
 * The withdrawal rows as other modules may touch them: the payouts module locks a withdrawal and settles it by its
 * payout's result, in its own transaction. Kept apart from withdrawals.service (which starts payouts), so the two
 * modules do not import each other in a cycle.
 */
export async function lockWithdrawalRow(tx: DbOrTx, id: bigint): Promise<WithdrawalRow | null> {
  return lockWithdrawal(tx, id);
}

/** Marks a pending withdrawal completed ('2') or declined ('1') by the ledger transaction that settled its hold. */
export async function markWithdrawalSettled(
  tx: DbOrTx,
  input: { id: bigint; status: 1 | 2; settleTransactionId: bigint; decidedBy: bigint | null; at: Date },
): Promise<void> {
  await markWithdrawalDecided(tx, {
    id: input.id,
    status: input.status,
    settleTransactionId: input.settleTransactionId,
    decidedBy: input.decidedBy,
    decidedAt: input.at,
  });
}
