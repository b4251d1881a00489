import { PAYOUT_PROVIDER_LABELS, type PayoutSummary } from '@tuzo/contracts';
import type { Db } from '../../db/client.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { decideWithdrawal, loadPayee, lockWithdrawalForPayout } from '../withdrawals/index.ts';
import { dispatchPayout, startPayout, toPayoutSummary } from './payouts.service.ts';

/** An approval's answer: the withdrawal's spec status and, when it started a payout, that payout. */
export interface DecidedWithdrawal {
  id: string;
  /** '2' completed, '1' declined; '0' while the payout the approval started is on its way. */
  status: '0' | '1' | '2';
  payout: PayoutSummary | null;
}

/**
 * Approving a pending withdrawal (an operator, a second operator's four-eyes approval, or the auto-pay rule with
 * `approvedBy` null). In one transaction (a savepoint of the caller's when there is one): the withdrawal is locked,
 * and for a country paid through a provider its payout is created with its reference (20 concurrent approvals create
 * one); a country paid by hand is completed as before (`decideWithdrawal`). Nothing is sent here: the caller sends the
 * payout with `sendDecidedPayout` once its own transaction has committed.
 */
export async function approveWithdrawal(
  deps: AppDeps,
  input: { withdrawalId: bigint; approvedBy: bigint | null; approvalId?: bigint | null; ip: string | null },
): Promise<DecidedWithdrawal> {
  return deps.db.transaction(async (tx) => {
    const withdrawal = await lockWithdrawalForPayout(tx, input.withdrawalId);
    if (withdrawal.status === 1) throw new AppError('CONFLICT', 'This withdrawal was already declined');
    if (withdrawal.status === 2) throw new AppError('CONFLICT', 'This withdrawal was already completed');
    if (withdrawal.memberId === input.approvedBy)
      throw new AppError('FORBIDDEN', 'Staff cannot decide their own withdrawal; another operator must do it');
    const started = await startPayout(tx, deps, {
      withdrawal,
      approvedBy: input.approvedBy,
      approvalId: input.approvalId ?? null,
      ip: input.ip,
    });
    if ('payout' in started) return { id: withdrawal.id.toString(), status: '0', payout: toPayoutSummary(started.payout) };
    const inTx: AppDeps = { ...deps, db: tx as unknown as Db };
    const decided = await decideWithdrawal(inTx, {
      withdrawalId: withdrawal.id,
      decision: 'complete',
      operatorId: input.approvedBy,
      ip: input.ip,
    });
    return { ...decided, payout: null };
  });
}

/**
 * After an approval's transaction has committed: sends the payout it started and answers where it stands. A caller
 * that cannot do this (it crashed) is covered by the sweep, which sends committed, never-sent payouts.
 */
export async function sendDecidedPayout(deps: AppDeps, decided: DecidedWithdrawal): Promise<DecidedWithdrawal> {
  if (!decided.payout || decided.payout.state !== 'approved') return decided;
  const payoutId = BigInt(decided.payout.id);
  // Inside an Idempotency-Key request's transaction the payout goes out once that has committed, and the answer
  // (stored with the commit) says it is on its way (decision 047).
  if (deps.commit) {
    deps.commit.defer((base) => dispatchPayout(base, payoutId));
    return decided;
  }
  const payout = await dispatchPayout(deps, payoutId);
  const status = payout.state === 'paid' ? '2' : payout.state === 'failed' ? '1' : '0';
  return { id: decided.id, status, payout: toPayoutSummary(payout) };
}

/**
 * The auto-pay entry point (a rule decided no human is needed): the same approval with no operator (audited as the
 * system), then sent. A country paid by hand cannot be paid automatically.
 */
export async function autoPayWithdrawal(
  deps: AppDeps,
  input: { withdrawalId: bigint; memberId: bigint },
): Promise<DecidedWithdrawal> {
  if ((await loadPayee(deps, input.memberId)).method === 'manual') {
    throw new AppError('CONFLICT', 'This member’s country is paid by hand; an operator must approve the withdrawal');
  }
  return sendDecidedPayout(deps, await approveWithdrawal(deps, { withdrawalId: input.withdrawalId, approvedBy: null, ip: null }));
}

/** What the operator is told about an approval or a decline, by where the withdrawal and its payout stand. */
export function decisionMessage(decided: DecidedWithdrawal): string {
  const payout = decided.payout;
  if (payout === null) return decided.status === '2' ? 'Withdrawal completed' : 'Withdrawal declined and refunded in full';
  const provider = PAYOUT_PROVIDER_LABELS[payout.provider];
  switch (decided.status) {
    case '2':
      return `Withdrawal completed: paid by ${provider}, receipt ${payout.receipt ?? ''}`;
    case '1':
      return `Withdrawal approved, but the ${provider} payout failed and the member was refunded: ${payout.reason ?? ''}`;
    case '0':
      return `Withdrawal approved: the payout is on its way by ${provider}; it completes when the provider confirms it`;
    default: {
      const never: never = decided.status;
      throw new Error(`Unknown withdrawal status ${String(never)}`);
    }
  }
}
