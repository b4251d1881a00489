import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { decideWithdrawal, type DecidedWithdrawal } from '../withdrawals/withdrawals.service.ts';
import { loadPayee } from './payout-limits.ts';
import { dispatchPayout, toPayoutSummary } from './payouts.service.ts';

/**
 * After an approval's transaction has committed: sends the payout it started (`decideWithdrawal` made it in that
 * transaction, so the row and its reference exist before the request goes out) and answers where it stands. A
 * caller that cannot do this (it crashed) is covered by the sweep, which sends committed, never-sent payouts.
 */
export async function sendDecidedPayout(deps: AppDeps, decided: DecidedWithdrawal): Promise<DecidedWithdrawal> {
  if (!decided.payout || decided.payout.state !== 'approved') return decided;
  const payout = await dispatchPayout(deps, BigInt(decided.payout.id));
  const status = payout.state === 'paid' ? '2' : payout.state === 'failed' ? '1' : '0';
  return { id: decided.id, status, payout: toPayoutSummary(payout) };
}

/**
 * The auto-pay entry point (a rule decided no human is needed): the same approval as an operator's, with no
 * operator (audited as the system), then sent. A country paid by hand cannot be paid automatically.
 */
export async function autoPayWithdrawal(
  deps: AppDeps,
  input: { withdrawalId: bigint; memberId: bigint },
): Promise<DecidedWithdrawal> {
  if ((await loadPayee(deps, input.memberId)).method === 'manual') {
    throw new AppError('CONFLICT', 'This member’s country is paid by hand; an operator must approve the withdrawal');
  }
  const decided = await decideWithdrawal(deps, {
    withdrawalId: input.withdrawalId,
    decision: 'complete',
    operatorId: null,
    ip: null,
  });
  return sendDecidedPayout(deps, decided);
}
