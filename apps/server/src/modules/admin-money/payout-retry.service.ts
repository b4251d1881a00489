import { isApprovalRequested, type AdminRetryPayoutData, type ApprovalRequestedData } from '@tuzo/contracts';
import type { AppDeps } from '../../lib/deps.ts';
import { checkRetryable } from '../payouts/index.ts';
import { retakeWithdrawal } from '../withdrawals/index.ts';
import { decideOrRequestWithdrawal } from './withdrawal-decisions.service.ts';

/**
 * `adminretrypayout` (decision 033): a failed payout paid again. The hold is taken again as a new pending withdrawal
 * (its own transaction, audited `payout.retry`), then approved through the one decision path: paid through the
 * provider, or above `four_eyes_threshold` a request a second operator approves. If the approval is refused (a daily
 * limit, say) the new withdrawal stays pending with its hold, to be approved or declined from the queue.
 */
export async function retryPayout(
  deps: AppDeps,
  input: { payoutId: bigint; operatorId: bigint; ip: string },
): Promise<{ data: AdminRetryPayoutData; approval: ApprovalRequestedData | null }> {
  const payout = await checkRetryable(deps, input);
  const withdrawal = await retakeWithdrawal(deps, {
    fromWithdrawalId: payout.withdrawalId,
    failedPayoutId: payout.id,
    operatorId: input.operatorId,
    ip: input.ip,
  });
  const decided = await decideOrRequestWithdrawal(deps, {
    withdrawalId: withdrawal.id,
    decision: 'complete',
    operatorId: input.operatorId,
    ip: input.ip,
  });
  if (isApprovalRequested(decided)) {
    return {
      data: { withdrawal_id: withdrawal.id.toString(), status: '0', payout: null, approval_id: decided.approval_id },
      approval: decided,
    };
  }
  return {
    data: { withdrawal_id: decided.id, status: decided.status, payout: decided.payout, approval_id: null },
    approval: null,
  };
}
