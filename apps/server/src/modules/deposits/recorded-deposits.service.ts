import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { completeDeposit } from './deposit-state.ts';
import {
  findDepositByKey,
  findManualDepositByCode,
  insertDeposit,
  lockDeposit,
  type DepositRow,
  type NewDeposit,
} from './deposits.repository.ts';
import { lockCodeReview, lockNotificationsByCode, type CodeReviewRow } from './payment-notifications.repository.ts';
import { settleStkDeposit } from './stk-push.service.ts';

/**
 * The deposit a receipt was already recorded as: the one made under `idempotencyKey`, or else a manual deposit whose
 * provider reference is `reference` (a code a member claimed). Null when the receipt is new.
 */
export async function findRecordedDeposit(
  db: DbOrTx,
  input: { idempotencyKey: string; reference: string },
): Promise<DepositRow | null> {
  return (await findDepositByKey(db, input.idempotencyKey)) ?? (await findManualDepositByCode(db, input.reference));
}

/**
 * Money paid outside the app, recorded in `tx` through the deposits' own path: a manual deposit row, then
 * `completeDeposit` (provider:manual -X, member deposit +X, row completed, member notified unless `sendSms` is
 * false). Null, and nothing posted, when a row already holds `idempotencyKey` (another request recorded it).
 */
export async function recordPaidManualDeposit(
  tx: DbOrTx,
  input: Omit<NewDeposit, 'method' | 'txRef'> & {
    providerRef: string;
    postingKey: string;
    memo: string;
    at: Date;
    sendSms?: boolean;
  },
): Promise<DepositRow | null> {
  const { postingKey, memo, at, sendSms, ...row } = input;
  const deposit = await insertDeposit(tx, { ...row, method: 'manual' });
  if (!deposit) return null;
  await completeDeposit(tx, {
    at,
    depositId: deposit.id,
    idempotencyKey: postingKey,
    providerRef: input.providerRef,
    memo,
    ...(sendSms === undefined ? {} : { sendSms }),
  });
  return deposit;
}

/**
 * An operator's "check with the provider" for one STK push: the deposit (locked for the read) must exist, be an STK
 * push and have reached M-Pesa; then the same settlement the background reconciler runs, committed in its own
 * transaction. Answers the deposit as it was before the check.
 */
export async function checkStkDepositWithProvider(deps: AppDeps, id: bigint): Promise<DepositRow> {
  const deposit = await lockDeposit(deps.db, id);
  if (!deposit) throw new AppError('NOT_FOUND', 'Deposit not found');
  if (deposit.method !== 'stkpush') throw new AppError('BAD_REQUEST', 'Only M-Pesa STK pushes can be checked with the provider');
  if (!deposit.checkoutRequestId)
    throw new AppError('CONFLICT', 'This push never reached M-Pesa; it fails on its own after the time-out');
  await settleStkDeposit(deps, deposit);
  return deposit;
}

/** A code review still waiting for an operator (locked for the read): refused when missing or already decided. */
export async function findPendingCodeReview(db: DbOrTx, id: bigint): Promise<CodeReviewRow> {
  const review = await lockCodeReview(db, id);
  if (!review) throw new AppError('NOT_FOUND', 'Code review not found');
  if (review.status !== 'pending') throw new AppError('ALREADY_DONE', `This code was already ${review.status}`);
  return review;
}

/** Whether a payment notification for `code` is still unclaimed, so the provider's amount decides the credit. */
export async function hasUnclaimedPayment(db: DbOrTx, code: string): Promise<boolean> {
  const notifications = await lockNotificationsByCode(db, code);
  return notifications.some((notification) => notification.claimedByDepositId === null);
}
