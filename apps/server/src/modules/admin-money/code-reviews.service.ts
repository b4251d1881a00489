import { formatMinor, type AdminResolveCodeData, type AdminReviewCodesData, type ApprovalRequestedData } from '@tuzo/contracts';
import type { AuthMember } from '../../http/action.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { loadFourEyesThreshold, refuseOwnAccount, requestApproval } from '../approvals/approvals.service.ts';
import { creditManualCode } from '../deposits/manual-code.service.ts';
import { lockCodeReview, lockNotificationsByCode } from '../deposits/deposits.service.ts';
import { fromMemberAmount, loadMemberCurrency } from '../wallets/currency.ts';
import { findMemberById } from '../admin-members/admin-members.service.ts';
import { selectPendingCodeReviews } from './admin-money.repository.ts';

/** The manual-code review queue: `adminreviewcodes` and `adminresolvecode` (docs/decisions/018-four-eyes.md). */

/** `adminreviewcodes`: manual deposit codes that matched no payment, waiting for a decision; oldest first. */
export async function listCodeReviews(deps: AppDeps, input: { page: number; limit: number }): Promise<AdminReviewCodesData> {
  const { rows, total } = await selectPendingCodeReviews(deps.db, { offset: (input.page - 1) * input.limit, limit: input.limit });
  return {
    rows: rows.map((row) => ({
      id: row.id,
      username: row.username,
      phone: row.phone,
      ref_code: row.code,
      amount: null,
      currency: row.currency,
      created_at: new Date(row.created_at).toISOString(),
    })),
    page: input.page,
    limit: input.limit,
    total,
  };
}

/**
 * `adminresolvecode`. Rejecting is a support action. Approving without an amount credits the provider's amount of
 * the (verified) payment notification that matches the code, found by the deposits module under its lock; with no
 * match it is refused. An amount typed by hand is an operator action, and above `four_eyes_threshold` it becomes a
 * request a second operator approves. Nobody resolves a code they submitted.
 */
export async function resolveCode(
  deps: AppDeps,
  input: {
    id: bigint;
    approve: boolean;
    amount?: bigint;
    note?: string;
    operatorId: bigint;
    role: AuthMember['role'];
    ip: string;
  },
): Promise<AdminResolveCodeData | ApprovalRequestedData> {
  if (input.approve && input.amount !== undefined) {
    if (input.role !== 'operator') {
      throw new AppError(
        'FORBIDDEN',
        "Only an operator can credit an amount typed by hand; leave the amount empty to credit the provider's amount",
      );
    }
    const requested = await requestTypedCodeAmount(deps, { ...input, amount: input.amount });
    if (requested) return requested;
  }
  return executeResolveCode(deps, input);
}

/** The four-eyes request for a code credited for a typed amount above the threshold; null at or below it. */
async function requestTypedCodeAmount(
  deps: AppDeps,
  input: { id: bigint; amount: bigint; note?: string; operatorId: bigint; ip: string },
) {
  // Read outside a transaction (the lock ends with the statement): the approval's own transaction locks and checks
  // the review again before anything is credited.
  const review = await lockCodeReview(deps.db, input.id);
  if (!review) throw new AppError('NOT_FOUND', 'Code review not found');
  if (review.status !== 'pending') throw new AppError('ALREADY_DONE', `This code was already ${review.status}`);
  refuseOwnAccount({ memberId: review.memberId, staffId: input.operatorId });
  // A matching payment notification decides the amount (the provider's), so nothing typed needs a second operator.
  const notifications = await lockNotificationsByCode(deps.db, review.code);
  if (notifications.some((notification) => notification.claimedByDepositId === null)) return null;
  const currency = await loadMemberCurrency(deps.db, review.memberId);
  const amountSystemMinor = fromMemberAmount(input.amount, currency).systemMinor;
  const thresholdMinor = await loadFourEyesThreshold(deps);
  if (amountSystemMinor <= thresholdMinor) return null;
  const member = await findMemberById(deps.db, review.memberId);
  return requestApproval(deps, {
    kind: 'code',
    requestedBy: input.operatorId,
    memberId: review.memberId,
    amountSystemMinor,
    amountMinor: input.amount,
    currency: currency.currency,
    params: { username: member?.username ?? '', review_id: review.id.toString(), code: review.code },
    targetRef: review.id.toString(),
    reason: input.note ?? '',
    ip: input.ip,
    thresholdMinor,
  });
}

/** The deposits module credits (once) or rejects the code, audited in its transaction. */
export async function executeResolveCode(
  deps: AppDeps,
  input: { id: bigint; approve: boolean; amount?: bigint; note?: string; operatorId: bigint; ip: string },
): Promise<AdminResolveCodeData> {
  const result = await creditManualCode(deps, {
    reviewId: input.id,
    operatorId: input.operatorId,
    ip: input.ip,
    approve: input.approve,
    note: input.note ?? '',
    ...(input.amount !== undefined ? { amountLocalMinor: input.amount } : {}),
  });
  return {
    status: result.status,
    deposit_id: result.depositId?.toString() ?? null,
    amount_system: result.amountSystemMinor === null ? null : formatMinor(result.amountSystemMinor),
  };
}
