import {
  formatMinor,
  parseAmountToMinor,
  type AdminResolveCodeData,
  type AdminReviewCodesData,
  type ApprovalRequestedData,
} from '@tuzo/contracts';
import type { AuthMember } from '../../http/action.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { refuseOwnAccount, runWithinFourEyesWindow } from '../approvals/index.ts';
import { creditManualCode, findPendingCodeReview, hasUnclaimedPayment } from '../deposits/index.ts';
import { fromMemberAmount, loadMemberCurrency } from '../wallets/index.ts';
import { findMemberById } from '../admin-members/index.ts';
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
 * match it is refused. An amount typed by hand is an operator action, and above the four-eyes window (decision 044) it is a
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
    const typed = await checkTypedCodeAmount(deps, { ...input, amount: input.amount });
    if (typed) {
      return runWithinFourEyesWindow(deps, {
        operatorId: input.operatorId,
        ip: input.ip,
        source: 'code',
        credits: [{ memberId: typed.memberId, amountSystemMinor: typed.amountSystemMinor }],
        request: () => typed.request,
        execute: async (inner) => {
          const result = await executeResolveCode(inner, input);
          const credited = result.amount_system === null ? 0n : (parseAmountToMinor(result.amount_system) ?? 0n);
          return { result, credits: [{ memberId: typed.memberId, amountSystemMinor: credited }] };
        },
      });
    }
  }
  return executeResolveCode(deps, input);
}

/**
 * A code credited for a typed amount: the member, the amount in the system currency and the request it becomes above
 * the four-eyes window; null when a matching payment notification decides the amount (the provider's, so nothing
 * typed needs a second operator).
 */
async function checkTypedCodeAmount(
  deps: AppDeps,
  input: { id: bigint; amount: bigint; note?: string; operatorId: bigint; ip: string },
) {
  // Read outside a transaction (the lock ends with the statement): the approval's own transaction locks and checks
  // the review again before anything is credited.
  const review = await findPendingCodeReview(deps.db, input.id);
  refuseOwnAccount({ memberId: review.memberId, staffId: input.operatorId });
  if (await hasUnclaimedPayment(deps.db, review.code)) return null;
  const currency = await loadMemberCurrency(deps.db, review.memberId);
  const amountSystemMinor = fromMemberAmount(input.amount, currency).systemMinor;
  const member = await findMemberById(deps.db, review.memberId);
  return {
    memberId: review.memberId,
    amountSystemMinor,
    request: {
      kind: 'code' as const,
      memberId: review.memberId,
      amountSystemMinor,
      amountMinor: input.amount,
      currency: currency.currency,
      params: { username: member?.username ?? '', review_id: review.id.toString(), code: review.code },
      targetRef: review.id.toString(),
      reason: input.note ?? '',
    },
  };
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
