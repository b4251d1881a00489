import type { AdminMarkPayoutPaidPayload, ApprovalRequestedData } from '@tuzo/contracts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { selectMemberName } from '../members/index.ts';
import { loadFourEyesThreshold, refuseOwnAccount, requestApproval, type ApprovalRequestRow } from '../approvals/index.ts';
import { writeAudit } from '../audit/index.ts';
import { readSetting } from '../settings/index.ts';
import { findWithdrawal, lockWithdrawalForPayout } from '../withdrawals/index.ts';
import { memberReason } from './payout-provider.ts';
import { settlePayout } from './payout-settlement.ts';
import { refuseWhileRestored } from './restored-state.ts';
import { lockPayout, selectLatestPayout, selectPayout, selectPayoutByReceipt, type PayoutRow } from './payouts.repository.ts';

/**
 * "Mark paid outside Tuzo" (docs/decisions/033-payout-console-actions.md). An operator who paid the member another
 * way (the M-Pesa portal), or who sees the payment on the provider's own statement, asks with a reason; a different
 * operator approves it through the approvals module (kind `payout_paid`, four-eyes at any amount); approving settles
 * the payout as paid by `settlePayout` under its one ledger key `payout-settle:<payout id>`, so a provider result
 * that arrives later changes nothing.
 */

/**
 * Which payouts may be marked paid outside Tuzo or marked failed by an operator: an `unknown` one, or an
 * `approved`/`sent` one whose result is overdue (no answer `payouts.result_timeout_seconds` after it was sent), and
 * only once the provider's status query answered `failed` or `not-found` (decision 046: an operator never settles
 * a payout the provider may still be paying). Never a failed one: its hold is already back in the member's wallet, so
 * marking it paid would pay money Tuzo no longer holds; never a paid one. Answers why not, or null.
 */
export function whyNotMarkable(payout: PayoutRow, now: Date, timeoutMs: number): string | null {
  switch (payout.state) {
    case 'unknown':
      return whyNotAnswered(payout);
    case 'approved':
    case 'sent': {
      const since = payout.sentAt ?? payout.sendStartedAt ?? payout.createdAt;
      return now.getTime() - since.getTime() >= timeoutMs
        ? whyNotAnswered(payout)
        : 'This payout is still waiting for the provider’s result; check with the provider, or wait for the result timeout';
    }
    case 'paid':
      return 'This payout is already paid';
    case 'failed':
      return 'This payout failed and the member was refunded: it cannot be marked paid';
    default: {
      const never: never = payout.state;
      throw new Error(`Unknown payout state ${String(never)}`);
    }
  }
}

/** The provider's recorded answer must say it did not pay: `failed` or `not-found`. */
function whyNotAnswered(payout: PayoutRow): string | null {
  if (payout.providerAnswer === 'failed' || payout.providerAnswer === 'not-found') return null;
  return payout.providerAnswer === 'completed'
    ? 'The provider says this payout was paid; check with the provider again'
    : 'Check with the provider first: only its answer that the payout failed or does not exist allows this';
}

async function resultTimeoutMs(deps: AppDeps): Promise<number> {
  return (await readSetting(deps.db, 'payouts.result_timeout_seconds')) * 1000;
}

/** `adminmarkpayoutpaid`: checks the payout can be marked paid and stores the request for a second operator. */
export async function requestMarkPayoutPaid(
  deps: AppDeps,
  input: AdminMarkPayoutPaidPayload & { operatorId: bigint; ip: string },
): Promise<ApprovalRequestedData> {
  const payout = await selectPayout(deps.db, input.id);
  if (!payout) throw new AppError('NOT_FOUND', 'Payout not found');
  refuseOwnAccount({ memberId: payout.memberId, staffId: input.operatorId });
  const why = whyNotMarkable(payout, deps.clock.now(), await resultTimeoutMs(deps));
  if (why !== null) throw new AppError('CONFLICT', why);
  const withdrawal = await findWithdrawal(deps, payout.withdrawalId);
  if (!withdrawal) throw new Error(`Payout ${payout.id} has no withdrawal`);
  const member = await selectMemberName(deps.db, payout.memberId);
  return requestApproval(deps, {
    kind: 'payout_paid',
    requestedBy: input.operatorId,
    memberId: payout.memberId,
    amountSystemMinor: withdrawal.amountSystemMinor,
    amountMinor: payout.amountMinor,
    currency: payout.currency,
    params: {
      username: member?.username ?? '',
      payout_id: payout.id.toString(),
      withdrawal_id: payout.withdrawalId.toString(),
      ...(input.receipt ? { receipt: input.receipt } : {}),
    },
    targetRef: payout.id.toString(),
    reason: input.reason,
    ip: input.ip,
    thresholdMinor: await loadFourEyesThreshold(deps),
  });
}

/**
 * Run by the approvals module when a second operator approves a `payout_paid` request, inside the approval's
 * transaction: the payout must still be markable (a result that settled it meanwhile makes this a 409 and leaves the
 * request to be rejected), then `settlePayout` pays it (hold -> provider:payouts and house:fees, the withdrawal
 * completed, the member notified) and an audit row records "paid outside Tuzo" with the reason and both operators.
 */
export async function executeMarkPayoutPaid(
  deps: AppDeps,
  request: ApprovalRequestRow,
  input: { approverId: bigint; ip: string },
): Promise<Record<string, string>> {
  const payoutId = BigInt(String(request.params.payout_id));
  const timeoutMs = await resultTimeoutMs(deps);
  const withdrawalId = BigInt(String(request.params.withdrawal_id));
  return deps.db.transaction(async (tx) => {
    // The order every payout path locks in: the withdrawal, then the payout.
    await lockWithdrawalForPayout(tx, withdrawalId);
    const payout = await lockPayout(tx, payoutId);
    if (!payout) throw new AppError('NOT_FOUND', 'Payout not found');
    const why = whyNotMarkable(payout, deps.clock.now(), timeoutMs);
    if (why !== null) throw new AppError('CONFLICT', `${why}; reject this request`);
    const given = typeof request.params.receipt === 'string' ? request.params.receipt : null;
    const receipt = given ?? `OUTSIDE-${payout.id}`;
    if (await selectPayoutByReceipt(tx, receipt))
      throw new AppError('CONFLICT', `Receipt ${receipt} already paid another payout; reject this request`);
    const outcome = await settlePayout(
      deps,
      {
        payoutId: payout.id,
        withdrawalId: payout.withdrawalId,
        settlement: {
          outcome: 'paid',
          receipt,
          receiverName: null,
          feeMinor: null,
          detail: `Paid outside Tuzo: ${request.reason} (asked by #${request.requestedBy}, approved by #${input.approverId})`,
        },
        by: 'operator',
        actorId: input.approverId,
        ip: input.ip,
      },
      tx,
    );
    if (outcome !== 'paid') throw new AppError('CONFLICT', 'This payout was settled meanwhile; reject this request');
    await writeAudit(tx, {
      actorId: input.approverId,
      action: 'payout.paid_outside',
      targetType: 'payout',
      targetId: payout.id,
      before: { state: payout.state },
      after: {
        state: 'paid',
        receipt,
        reason: request.reason,
        requestedBy: request.requestedBy,
        approvedBy: input.approverId,
        approvalId: request.id,
      },
      ip: input.ip,
    });
    return { payout_id: payout.id.toString(), state: 'paid', receipt };
  });
}

/**
 * `adminmarkpayoutfailed` (decision 046): an operator marks failed a payout the provider answered `not-found` or
 * `failed` about (never one it may still be paying: `whyNotMarkable`); `settlePayout` returns amount and charge to the
 * member's wallet once (settled_by operator) and the member is told. Audited `payout.mark_failed`. A success that
 * arrives later moves nothing and alerts the operators (a double payment to recover).
 */
export async function markPayoutFailed(
  deps: AppDeps,
  input: { payoutId: bigint; operatorId: bigint; reason: string; ip: string },
): Promise<PayoutRow> {
  const payout = await selectPayout(deps.db, input.payoutId);
  if (!payout) throw new AppError('NOT_FOUND', 'Payout not found');
  refuseOwnAccount({ memberId: payout.memberId, staffId: input.operatorId });
  const why = whyNotMarkable(payout, deps.clock.now(), await resultTimeoutMs(deps));
  if (why !== null) throw new AppError('CONFLICT', why);
  const code = payout.providerAnswer === 'not-found' ? 'NOT_FOUND' : 'FAILED';
  const outcome = await settlePayout(deps, {
    payoutId: payout.id,
    withdrawalId: payout.withdrawalId,
    settlement: {
      outcome: 'failed',
      code,
      reason: memberReason(code, payout.provider),
      detail: `Marked failed by #${input.operatorId}: ${input.reason} (provider: ${payout.providerAnswerDetail ?? payout.providerAnswer ?? ''})`,
    },
    by: 'operator',
    actorId: input.operatorId,
    ip: input.ip,
  });
  if (outcome !== 'failed') throw new AppError('CONFLICT', 'This payout was settled meanwhile');
  await writeAudit(deps.db, {
    actorId: input.operatorId,
    action: 'payout.mark_failed',
    targetType: 'payout',
    targetId: payout.id,
    before: { state: payout.state, providerAnswer: payout.providerAnswer },
    after: { state: 'failed', reason: input.reason },
    ip: input.ip,
  });
  const settled = await selectPayout(deps.db, payout.id);
  if (!settled) throw new Error(`Payout ${payout.id} vanished`);
  return settled;
}

/**
 * Retry of a failed payout (decision 033): only the latest attempt of its withdrawal, failed (so its hold went back to
 * the member), and never by the member themselves. A payout the provider answered `not-found` about (it waits for an
 * operator, decision 046) is marked failed first, which returns its hold. Answers the withdrawal to take again.
 */
export async function checkRetryable(
  deps: AppDeps,
  input: { payoutId: bigint; operatorId: bigint; ip?: string },
): Promise<PayoutRow> {
  let payout = await selectPayout(deps.db, input.payoutId);
  if (!payout) throw new AppError('NOT_FOUND', 'Payout not found');
  refuseOwnAccount({ memberId: payout.memberId, staffId: input.operatorId });
  await refuseWhileRestored(deps.db); // No retry while payouts are paused after a database restore (decision 054).
  if (payout.state !== 'failed' && payout.providerAnswer === 'not-found') {
    payout = await markPayoutFailed(deps, {
      payoutId: payout.id,
      operatorId: input.operatorId,
      reason: 'Paid again by a retry: the provider has no such payment',
      ip: input.ip ?? '',
    });
  }
  if (payout.state !== 'failed') throw new AppError('CONFLICT', 'Only a failed payout can be retried');
  const latest = await selectLatestPayout(deps.db, payout.withdrawalId);
  if (latest && latest.id !== payout.id) throw new AppError('CONFLICT', 'A later payout of this withdrawal exists');
  return payout;
}
