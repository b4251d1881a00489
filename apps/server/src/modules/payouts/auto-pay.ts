import type { AdminClearPayoutFlagData } from '@tuzo/contracts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { clearRiskFlag, findWithdrawalBrief, judgeAutoPay } from '../payout-risk/index.ts';
import { onWithdrawalRequested } from '../withdrawals/index.ts';
import { autoPayWithdrawal, type DecidedWithdrawal } from './payouts.approval.ts';
import { payoutMethodOf } from './payouts.service.ts';

/**
 * Auto-pay (decision 035): tried once a withdrawal is recorded (the withdrawals module's `withdrawal requested` event,
 * subscribed at start-up) and again when its last risk flag is cleared. When the operator's rules allow it
 * (payout-risk/auto-pay-rules.ts), the withdrawal is approved and its payout sent through `autoPayWithdrawal`, with no
 * operator; the rules are judged again inside that approval's transaction (payout-risk `holdForRisk`), which writes
 * the `payout.auto_pay` audit row. Answers the decision, or null when the withdrawal is left for an operator (rules
 * off or not met, a country paid by hand, or a refusal at approval such as a payout limit): nothing is paid then, and
 * the member's request stands.
 */
export async function autoPayIfAllowed(deps: AppDeps, withdrawalId: bigint): Promise<DecidedWithdrawal | null> {
  const withdrawal = await findWithdrawalBrief(deps, withdrawalId);
  if (!withdrawal || withdrawal.status !== 0) return null;
  const verdict = await judgeAutoPay(deps.db, deps, withdrawal);
  if (!verdict.isAllowed) return null;
  if ((await payoutMethodOf(deps, withdrawal.memberId)) === 'manual') return null;
  try {
    return await autoPayWithdrawal(deps, { withdrawalId, memberId: withdrawal.memberId });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    deps.log.info({ withdrawalId: withdrawalId.toString(), why: error.message }, 'Auto-pay left the withdrawal for an operator');
    return null;
  }
}

/** Start-up: every withdrawal recorded from now on is offered to auto-pay. */
export function startAutoPay(deps: AppDeps): void {
  onWithdrawalRequested(deps, async (withdrawalId) => {
    await autoPayIfAllowed(deps, withdrawalId);
  });
}

/**
 * `adminclearpayoutflag`: clears the flag (payout-risk, audited), then, when it was the withdrawal's last open flag,
 * lets the withdrawal go on as it would have: auto-pay pays it if the rules allow, else it waits for an operator's
 * approval (four-eyes above the threshold, as always).
 */
export async function clearFlagAndContinue(
  deps: AppDeps,
  input: { id: bigint; note: string; operatorId: bigint; ip: string },
): Promise<AdminClearPayoutFlagData> {
  const cleared = await clearRiskFlag(deps, input);
  const answer = { id: input.id.toString(), withdrawal_id: cleared.withdrawalId.toString(), open_flags: cleared.openFlags };
  if (cleared.openFlags > 0) return { ...answer, next: 'held', payout: null };
  const withdrawal = await findWithdrawalBrief(deps, cleared.withdrawalId);
  if (!withdrawal || withdrawal.status !== 0) return { ...answer, next: 'closed', payout: null };
  const decided = await autoPayIfAllowed(deps, cleared.withdrawalId);
  if (decided?.payout) return { ...answer, next: 'auto_paid', payout: decided.payout };
  return { ...answer, next: 'awaiting_approval', payout: null };
}
