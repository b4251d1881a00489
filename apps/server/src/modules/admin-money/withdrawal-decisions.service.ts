import {
  isApprovalRequested,
  type AdminBulkDecideData,
  type AdminBulkDecidePayload,
  type ApprovalRequestedData,
} from '@tuzo/contracts';
import type { AppDeps } from '../../lib/deps.ts';
import { isAppError } from '../../lib/errors.ts';
import { findMemberById } from '../admin-members/index.ts';
import { closePendingWithdrawalRequest, loadFourEyesThreshold, refuseOwnAccount, requestApproval } from '../approvals/index.ts';
import { approveWithdrawal, sendDecidedPayout, type DecidedWithdrawal } from '../payouts/index.ts';
import { decideWithdrawal, findWithdrawal, type WithdrawalDecision } from '../withdrawals/index.ts';

/**
 * Deciding withdrawals from the console: the one place an operator's decision on a withdrawal goes through, for
 * `updatetrans` (one) and `adminbulkdecide` (several). The state machine itself (pending -> completed | declined,
 * the ledger movement, the audit row) is `decideWithdrawal` in the withdrawals module; a completion that a second
 * operator approves runs that same function from the approvals module.
 */

/**
 * One operator's decision on a pending withdrawal. Declining (a refund) stays a one-operator action; completing a
 * withdrawal whose payout is above `four_eyes_threshold` (system currency) becomes a request that a second operator
 * approves (docs/decisions/018-four-eyes.md). Nobody decides their own withdrawal.
 */
export async function decideOrRequestWithdrawal(
  deps: AppDeps,
  input: { withdrawalId: bigint; decision: WithdrawalDecision; operatorId: bigint; ip: string },
): Promise<DecidedWithdrawal | ApprovalRequestedData> {
  const row = await findWithdrawal(deps, input.withdrawalId);
  if (row && input.decision === 'complete' && row.status === 0) {
    refuseOwnAccount({ memberId: row.memberId, staffId: input.operatorId });
    const thresholdMinor = await loadFourEyesThreshold(deps);
    if (row.amountSystemMinor > thresholdMinor) {
      const member = await findMemberById(deps.db, row.memberId);
      return requestApproval(deps, {
        kind: 'withdrawal',
        requestedBy: input.operatorId,
        memberId: row.memberId,
        amountSystemMinor: row.amountSystemMinor,
        amountMinor: row.amountLocalMinor,
        currency: row.currency,
        params: {
          username: member?.username ?? '',
          withdrawal_id: row.id.toString(),
          wallet: row.wallet,
          phone: row.payoutPhone,
        },
        targetRef: row.id.toString(),
        reason: 'Approve the withdrawal',
        ip: input.ip,
        thresholdMinor,
      });
    }
  }
  if (input.decision === 'complete') {
    // A provider-paid country: the payout is committed with the approval and sent once that has committed (decision 032).
    const approved = await approveWithdrawal(deps, {
      withdrawalId: input.withdrawalId,
      approvedBy: input.operatorId,
      ip: input.ip,
    });
    return sendDecidedPayout(deps, approved);
  }
  const decided = await decideWithdrawal(deps, input);
  await closePendingWithdrawalRequest(deps, { withdrawalId: input.withdrawalId, operatorId: input.operatorId, ip: input.ip });
  return { ...decided, payout: null };
}

/**
 * `adminbulkdecide`: the same decision for several pending withdrawals. Each is its own transaction through the
 * withdrawal state machine (locked, settled by recordMovement, audited), in id order; an approval above the
 * four-eyes threshold becomes a request (`approval_id`) that a second operator approves; one that fails (already
 * decided, unknown, the operator's own) is reported and does not stop the others.
 */
export async function decideWithdrawals(
  deps: AppDeps,
  input: AdminBulkDecidePayload & { operatorId: bigint; ip: string },
): Promise<AdminBulkDecideData> {
  const ids = [...new Set(input.ids)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const results: AdminBulkDecideData['results'] = [];
  for (const id of ids) {
    try {
      const decided = await decideOrRequestWithdrawal(deps, {
        withdrawalId: id,
        decision: input.value === '2' ? 'complete' : 'decline',
        operatorId: input.operatorId,
        ip: input.ip,
      });
      if (isApprovalRequested(decided)) {
        const msg = `Above the four-eyes limit: request #${decided.approval_id} waits for a second operator`;
        results.push({ id: id.toString(), status: null, approval_id: decided.approval_id, code: null, msg });
      } else {
        results.push({ id: decided.id, status: decided.status, approval_id: null, code: null, msg: null });
      }
    } catch (error) {
      if (!isAppError(error)) throw error;
      results.push({ id: id.toString(), status: null, approval_id: null, code: error.code, msg: error.message });
    }
  }
  const done = results.filter((result) => result.status !== null).length;
  const requested = results.filter((result) => result.approval_id !== null).length;
  return { done, requested, failed: results.length - done - requested, results };
}
