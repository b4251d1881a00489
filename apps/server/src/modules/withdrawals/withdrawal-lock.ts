import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { lockWithdrawal, type WithdrawalRow } from './withdrawals.repository.ts';

/**
 * The withdrawal a payout path works on, locked for update: every payout path locks the withdrawal first, then its
 * payout (one lock order, so two paths never wait on each other). A withdrawal that does not exist is a 404.
 */
export async function lockWithdrawalForPayout(tx: DbOrTx, id: bigint): Promise<WithdrawalRow> {
  const withdrawal = await lockWithdrawal(tx, id);
  if (!withdrawal) throw new AppError('NOT_FOUND', 'Withdrawal not found');
  return withdrawal;
}
