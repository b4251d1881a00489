import type { DbOrTx } from '../../db/client.ts';
import { reverseTransaction } from '../../ledger/ledger.ts';
import { lockHoldOfTransaction, markHoldDecided } from './holds.repository.ts';

/** An operator's reversal of a commission that may have been held (decision 062): admindeactivate, adminchangeupline. */

/**
 * Before a commission is reversed (a deactivation, an upline change): a released hold's release is taken back from
 * the upline's Jumbo first (`insufficientMessage` when they spent it), and the hold is marked reversed. Answers false
 * when the commission was already reversed by a confirmed cluster (nothing left to reverse).
 */
export async function unwindHeldCommission(
  tx: DbOrTx,
  input: { transactionId: bigint; idempotencyKey: string; memo: string; at: Date; insufficientMessage: string },
): Promise<boolean> {
  const hold = await lockHoldOfTransaction(tx, input.transactionId);
  if (!hold) return true;
  if (hold.state === 'reversed') return false;
  if (hold.state === 'released' && hold.settleTransactionId !== null) {
    await reverseTransaction(tx, {
      transactionId: hold.settleTransactionId,
      idempotencyKey: `${input.idempotencyKey}:release`,
      memo: input.memo,
      at: input.at,
      insufficientMessage: input.insufficientMessage,
    });
  }
  await markHoldDecided(tx, { id: hold.id, state: 'reversed', settleTransactionId: null, at: input.at });
  return true;
}
