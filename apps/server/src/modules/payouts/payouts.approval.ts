import type { PayoutApprovalData } from '@tuzo/contracts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { lockWithdrawal } from '../withdrawals/withdrawals.repository.ts';
import { dispatchPayout, startPayout, toPayoutSummary, type StartedPayout } from './payouts.service.ts';

/**
 * Approving a withdrawal for payment, in two steps so the payout row is committed before its request goes out:
 * `preparePayout` (in the caller's transaction, or its own) locks the withdrawal and creates the payout;
 * `sendPreparedPayout`, after that transaction has committed, sends it and answers. A caller that forgets the second
 * step is covered by the sweep, which sends committed, never-claimed payouts after ten seconds.
 */
export async function preparePayout(
  deps: AppDeps,
  input: { withdrawalId: bigint; approvedBy: bigint | null; approvalId?: bigint | null; ip: string | null },
): Promise<StartedPayout & { withdrawalId: bigint }> {
  return deps.db.transaction(async (tx) => {
    const withdrawal = await lockWithdrawal(tx, input.withdrawalId);
    if (!withdrawal) throw new AppError('NOT_FOUND', 'Withdrawal not found');
    if (withdrawal.status === 1) throw new AppError('CONFLICT', 'This withdrawal was already declined');
    if (withdrawal.status === 2) throw new AppError('CONFLICT', 'This withdrawal was already completed');
    if (input.approvedBy !== null && withdrawal.memberId === input.approvedBy)
      throw new AppError('FORBIDDEN', 'Staff cannot decide their own withdrawal; another operator must do it');
    const started = await startPayout(tx, deps, {
      withdrawal,
      approvedBy: input.approvedBy,
      approvalId: input.approvalId ?? null,
      ip: input.ip,
    });
    return { ...started, withdrawalId: withdrawal.id };
  });
}

/** Sends a prepared payout (after its transaction committed) and answers with where it stands. */
export async function sendPreparedPayout(deps: AppDeps, prepared: StartedPayout & { withdrawalId: bigint }): Promise<PayoutApprovalData> {
  if (!('payout' in prepared)) {
    return { withdrawal_id: prepared.withdrawalId.toString(), status: '0', method: 'manual', payout: null };
  }
  const payout = await dispatchPayout(deps, prepared.payout.id);
  return {
    withdrawal_id: prepared.withdrawalId.toString(),
    status: payout.state === 'paid' ? '2' : payout.state === 'failed' ? '1' : '0',
    method: prepared.method,
    payout: toPayoutSummary(payout),
  };
}

/**
 * The auto-pay entry point (a rule decided no human is needed): the same approval with no operator, audited as the
 * system. A country paid by hand cannot be paid automatically.
 */
export async function autoPayWithdrawal(deps: AppDeps, input: { withdrawalId: bigint }): Promise<PayoutApprovalData> {
  const prepared = await preparePayout(deps, { withdrawalId: input.withdrawalId, approvedBy: null, ip: null });
  if (!('payout' in prepared)) {
    throw new AppError('CONFLICT', 'This member’s country is paid by hand; an operator must approve the withdrawal');
  }
  return sendPreparedPayout(deps, prepared);
}
