import type { WithdrawalHistoryRow } from '@tuzo/contracts';
import { formatMinor } from '@tuzo/contracts';
import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { localDateTime } from '../wallets/index.ts';
import { markWithdrawalDecided, selectMemberWithdrawals } from './withdrawals.repository.ts';
import { statusText } from './withdrawals.service.ts';

const HISTORY_LIMIT = 100;

/** `withdrawalhistory`: newest first, at most 100, amounts as the member entered them. */
export async function listWithdrawalHistory(deps: AppDeps, memberId: bigint): Promise<WithdrawalHistoryRow[]> {
  const rows = await selectMemberWithdrawals(deps.db, memberId, HISTORY_LIMIT);
  return rows.map((row, index) => {
    const { date, time } = localDateTime(row.createdAt, deps.config.TUZO_TIMEZONE);
    return {
      No: index + 1,
      Amount: formatMinor(row.amountLocalMinor),
      Charges: formatMinor(row.feeLocalMinor),
      Status: statusText(row.status),
      Date: date,
      Time: time,
      Receipt: row.status === 2 ? row.receipt : null,
      Reason: row.status === 1 ? row.failureReason : null,
    };
  });
}

/**
 * Marks a pending withdrawal completed ('2') or declined ('1') by the ledger transaction that settled its hold, in the
 * caller's transaction (the payouts module, when its payout's result settles it; decision 032).
 */
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
