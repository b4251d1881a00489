import { formatMinor, localToSystemMinor } from '@tuzo/contracts';
import type { AuthMember } from '../../http/action.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { SystemAccountCode } from '../../ledger/accounts.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { writeAudit } from '../audit/index.ts';
import { raiseMoneyAlert } from '../money-alerts/index.ts';
import { isTuzoPayoutReceipt } from '../payouts/index.ts';
import { notifyMember } from '../notifications/index.ts';
import { loadMemberCurrency } from '../wallets/index.ts';
import { completeDeposit, memberAmount } from './deposit-state.ts';
import { findManualDepositByCode, insertDeposit, selectRateForCurrency } from './deposits.repository.ts';
import {
  claimNotification,
  countPendingReviews,
  hasPendingReview,
  insertCodeReview,
  lockCodeReview,
  lockNotificationsByCode,
  lockUnverifiedByCode,
  resolveCodeReview,
  setWaitingMember,
  type NotificationRow,
} from './payment-notifications.repository.ts';
import {
  CODE_MISMATCH_MSG,
  CODE_NOT_PAID_TO_TUZO_MSG,
  CODE_NOT_TUZO_MSG,
  CODE_UNKNOWN_MSG,
  CODE_USED_MSG,
  NO_NOTIFICATION_MSG,
} from './manual-code.messages.ts';

const MAX_PENDING_REVIEWS = 10;

export type RecoverResult = ({ state: 'credited' } & CreditedCode) | { state: 'review' } | { state: 'verifying' };

interface CreditedCode {
  depositId: bigint;
  amountSystemMinor: bigint;
  amountLocalMinor: bigint;
  currency: string;
}

/** Money that came through M-Pesa's paybill sits in provider:mpesa; SMS-forwarded and operator-confirmed codes in provider:manual. */
function sourceAccount(notificationSource: string | null): SystemAccountCode {
  return notificationSource === 'mpesa_c2b' ? 'provider:mpesa' : 'provider:manual';
}

async function rateFor(db: DbOrTx, deps: AppDeps, currency: string): Promise<bigint> {
  if (currency === deps.config.SYSTEM_CURRENCY) return 1_000_000n;
  const rate = await selectRateForCurrency(db, currency);
  if (rate === null) throw new AppError('CONFLICT', `No exchange rate is set for ${currency}`);
  return rate;
}

/**
 * Books a manual deposit for `code` (completed at once) inside the caller's transaction. The deposit row's UNIQUE
 * (method, provider_ref) makes a code creditable once, whichever path (notification or operator) gets there first.
 */
export async function creditCode(
  tx: DbOrTx,
  deps: AppDeps,
  input: {
    memberId: bigint;
    code: string;
    amountLocalMinor: bigint;
    currency: string;
    phone: string | null;
    notification: NotificationRow | null;
  },
): Promise<CreditedCode> {
  const rateMicro = await rateFor(tx, deps, input.currency);
  const amountSystemMinor = localToSystemMinor(input.amountLocalMinor, rateMicro);
  if (amountSystemMinor <= 0n) throw new AppError('VALIDATION_FAILED', 'The amount is too small to credit');
  const deposit = await insertDeposit(tx, {
    memberId: input.memberId,
    method: 'manual',
    amountLocalMinor: input.amountLocalMinor,
    currency: input.currency,
    rateMicro,
    amountSystemMinor,
    phone: input.phone,
    providerRef: input.code,
    idempotencyKey: `manual:${input.code}`,
    createdAt: deps.clock.now(),
  });
  if (!deposit) throw new AppError('CONFLICT', CODE_USED_MSG);
  await completeDeposit(tx, {
    at: deps.clock.now(),
    depositId: deposit.id,
    idempotencyKey: `deposit:manual:${input.code}`,
    providerRef: input.code,
    source: sourceAccount(input.notification?.source ?? null),
    memo: `Manual code ${input.code}`,
    payer: { deps, phone: input.phone },
  });
  if (input.notification) await claimNotification(tx, input.notification.id, deposit.id);
  return { depositId: deposit.id, amountSystemMinor, amountLocalMinor: input.amountLocalMinor, currency: input.currency };
}

type Refusal = 'used' | 'unknown' | 'mismatch' | 'not-tuzo' | 'not-paid-to-tuzo';

/**
 * A code whose notifications M-Pesa has not confirmed: a pending one is reserved for this member and credited when
 * the status query confirms it (another member's claim finds it used); one M-Pesa refused is refused; a provider
 * Tuzo cannot ask (`manual`), or no notification at all, goes to the operator's review.
 */
async function claimUnverified(
  tx: DbOrTx,
  deps: AppDeps,
  input: { member: AuthMember; code: string },
): Promise<RecoverResult | Refusal> {
  const rows = await lockUnverifiedByCode(tx, input.code);
  const pending = rows.find((n) => n.verification === 'pending');
  if (pending) {
    if (pending.waitingMemberId !== null && pending.waitingMemberId !== input.member.id) return 'used';
    await setWaitingMember(tx, pending.id, input.member.id, deps.clock.now());
    return { state: 'verifying' };
  }
  if (rows.some((n) => n.verification === 'manual')) return { state: 'review' };
  const refused = rows.find((n) => n.verification === 'refused');
  if (!refused) return { state: 'review' };
  if (refused.verifiedAmountMinor === null) return 'unknown';
  // M-Pesa's amount was the notified one, yet it was refused: the money did not go to Tuzo (decision 046).
  return refused.verifiedAmountMinor === refused.amountMinor ? 'not-paid-to-tuzo' : 'mismatch';
}

function refusalError(refusal: Refusal): AppError {
  switch (refusal) {
    case 'used':
      return new AppError('CONFLICT', CODE_USED_MSG);
    case 'unknown':
      return new AppError('VALIDATION_FAILED', CODE_UNKNOWN_MSG);
    case 'mismatch':
      return new AppError('VALIDATION_FAILED', CODE_MISMATCH_MSG);
    case 'not-tuzo':
      return new AppError('VALIDATION_FAILED', CODE_NOT_TUZO_MSG);
    case 'not-paid-to-tuzo':
      return new AppError('VALIDATION_FAILED', CODE_NOT_PAID_TO_TUZO_MSG);
  }
}

/**
 * `recovercode`: claim a verified, unclaimed payment notification once; wait for M-Pesa's confirmation of a pending
 * one; refuse one M-Pesa does not know; or queue the code for the operator.
 */
export async function recoverCode(deps: AppDeps, input: { member: AuthMember; code: string }): Promise<RecoverResult> {
  const outcome = await deps.db.transaction(async (tx): Promise<RecoverResult | Refusal> => {
    if (await isTuzoPayoutReceipt(tx, input.code)) return 'not-tuzo';
    const notifications = await lockNotificationsByCode(tx, input.code);
    const unclaimed = notifications.find((n) => n.claimedByDepositId === null);
    if (notifications.length > 0 && !unclaimed) return 'used';
    if (await findManualDepositByCode(tx, input.code)) return 'used';
    if (!unclaimed) return claimUnverified(tx, deps, input);
    const credited = await creditCode(tx, deps, {
      memberId: input.member.id,
      code: input.code,
      amountLocalMinor: unclaimed.amountMinor,
      currency: unclaimed.currency,
      phone: unclaimed.msisdn,
      notification: unclaimed,
    });
    return { state: 'credited', ...credited };
  });
  if (outcome === 'not-tuzo') {
    await raiseMoneyAlert(deps, {
      kind: 'deposit_refused',
      memberId: input.member.id,
      transactionCode: input.code,
      detail: `Member #${input.member.id} submitted ${input.code}, the receipt of a Tuzo payout, as a deposit code: refused`,
      dedupeKey: `deposit-refused:code:${input.code}:${input.member.id}`,
    });
  }
  if (typeof outcome === 'string') throw refusalError(outcome);
  if (outcome.state !== 'review') return outcome;
  if (!(await hasPendingReview(deps.db, input.member.id, input.code))) {
    if ((await countPendingReviews(deps.db, input.member.id)) >= MAX_PENDING_REVIEWS) {
      throw new AppError(
        'LIMIT_NOT_MET',
        `You already have ${MAX_PENDING_REVIEWS} codes waiting for review. Please wait until they are checked.`,
      );
    }
    await insertCodeReview(deps.db, input.member.id, input.code);
  }
  return outcome;
}

/** The credited amount as the member sees it: as paid when in their currency, else converted at their rate. */
export async function describeCredit(deps: AppDeps, memberId: bigint, credited: CreditedCode): Promise<string> {
  return memberAmount(credited, await loadMemberCurrency(deps.db, memberId));
}

export interface CreditManualCodeInput {
  reviewId: bigint;
  operatorId: bigint;
  /**
   * Typed by hand, in the member's currency (an operator's, under the four-eyes rule); without it approving needs a
   * matching notification, whose amount wins in any case.
   */
  amountLocalMinor?: bigint;
  approve: boolean;
  note: string;
  /** The staff member's address, for the audit row. */
  ip?: string;
}

export interface CreditManualCodeResult {
  status: 'credited' | 'rejected';
  depositId: bigint | null;
  amountSystemMinor: bigint | null;
}

/**
 * The operator's decision on a queued code (exposed by the admin module as `adminresolvecode`). Approving credits
 * the member's Deposit wallet once (from the matching notification if one arrived, else the amount given);
 * rejecting closes the review. Audited in the same transaction.
 */
export async function creditManualCode(deps: AppDeps, input: CreditManualCodeInput): Promise<CreditManualCodeResult> {
  return deps.db.transaction(async (tx) => {
    const review = await lockCodeReview(tx, input.reviewId);
    if (!review) throw new AppError('NOT_FOUND', 'Code review not found');
    if (review.status !== 'pending') throw new AppError('ALREADY_DONE', `This code was already ${review.status}`);
    // Staff never resolve a code they submitted (docs/decisions/018-four-eyes.md).
    if (review.memberId === input.operatorId)
      throw new AppError('FORBIDDEN', 'Staff cannot resolve a code they submitted; another staff member must');
    const audit = {
      actorId: input.operatorId,
      targetType: 'code_review',
      targetId: review.id,
      before: { status: review.status, code: review.code },
      ip: input.ip ?? null,
    };
    if (!input.approve) {
      await resolveCodeReview(tx, review.id, {
        status: 'rejected',
        operatorId: input.operatorId,
        note: input.note,
        amountMinor: null,
        currency: null,
        depositId: null,
      });
      await writeAudit(tx, { ...audit, action: 'deposit.code.reject', after: { status: 'rejected', note: input.note } });
      await notifyMember(tx, {
        memberId: review.memberId,
        msg: `Your transaction code ${review.code} could not be confirmed.`,
        severity: 'warning',
      });
      return { status: 'rejected', depositId: null, amountSystemMinor: null };
    }
    if (await isTuzoPayoutReceipt(tx, review.code)) throw new AppError('CONFLICT', CODE_NOT_TUZO_MSG);
    const notifications = await lockNotificationsByCode(tx, review.code);
    const unclaimed = notifications.find((n) => n.claimedByDepositId === null) ?? null;
    if ((notifications.length > 0 && !unclaimed) || (await findManualDepositByCode(tx, review.code)))
      throw new AppError('CONFLICT', CODE_USED_MSG);
    const amountLocalMinor = unclaimed?.amountMinor ?? input.amountLocalMinor;
    if (amountLocalMinor === undefined || amountLocalMinor <= 0n) throw new AppError('CONFLICT', NO_NOTIFICATION_MSG);
    const currency = unclaimed?.currency ?? (await loadMemberCurrency(tx, review.memberId)).currency;
    const credited = await creditCode(tx, deps, {
      memberId: review.memberId,
      code: review.code,
      amountLocalMinor,
      currency,
      phone: unclaimed?.msisdn ?? null,
      notification: unclaimed,
    });
    await resolveCodeReview(tx, review.id, {
      status: 'credited',
      operatorId: input.operatorId,
      note: input.note,
      amountMinor: amountLocalMinor,
      currency,
      depositId: credited.depositId,
    });
    await writeAudit(tx, {
      ...audit,
      action: 'deposit.code.credit',
      after: {
        status: 'credited',
        amount: `${currency} ${formatMinor(amountLocalMinor)}`,
        depositId: credited.depositId,
        note: input.note,
      },
    });
    return { status: 'credited', depositId: credited.depositId, amountSystemMinor: credited.amountSystemMinor };
  });
}
