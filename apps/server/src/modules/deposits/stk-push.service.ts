import type { AuthMember } from '../../http/action.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { parseStkCallback } from '../../payments/mpesa/callbacks.ts';
import { ProviderError } from '../../payments/index.ts';
import { completeDeposit, failDeposit, PENDING, FAILED, TIMED_OUT } from './deposit-state.ts';
import { assertWithinLimit, createPendingDeposit, loadProfile, maxDepositMinor } from './deposit-setup.ts';
import {
  findDepositByCheckout,
  markProviderChecked,
  selectPendingPushes,
  selectTimedOutPushes,
  setCheckoutIds,
  updateDepositFailed,
  type DepositRow,
  type MemberPaymentProfile,
} from './deposits.repository.ts';

/** Member-facing reasons for Daraja's result codes (payment-providers.md, "Callback"). */
export const RESULT_REASONS: Record<number, string> = {
  1: 'Insufficient M-Pesa balance',
  17: 'M-Pesa system error',
  26: 'M-Pesa system busy',
  1001: 'Another M-Pesa transaction is in progress on this phone',
  1019: 'The payment request expired',
  1032: 'Cancelled on the phone',
  1037: 'The phone could not be reached',
  2001: 'Wrong M-Pesa PIN',
};

export const STK_SENT_MSG = 'Payment request sent successfully! Enter your M-Pesa PIN on your phone.';

/** STK push is for members in Kenya paying in shillings. */
export function stkPushCountry(profile: Pick<MemberPaymentProfile, 'abbreviation' | 'currency'>): boolean {
  return profile.abbreviation === 'KE' && profile.currency === 'KES';
}

/** `stkpush`: creates a pending deposit and asks M-Pesa to prompt the phone. Credits happen on confirmation only. */
export async function startStkPush(
  deps: AppDeps,
  input: { member: AuthMember; msisdn: string; amountMinor: bigint; clientKey: string | null },
): Promise<DepositRow> {
  const payments = deps.payments;
  const profile = await loadProfile(deps.db, input.member.id);
  if (!stkPushCountry(profile)) {
    throw new AppError(
      'BAD_REQUEST',
      'M-Pesa STK push is available to members in Kenya only. Please use another deposit method.',
    );
  }
  const mpesa = payments.mpesa;
  if (!mpesa)
    throw new AppError('BAD_REQUEST', 'M-Pesa payments are not available right now. Please use another deposit method.');
  if (input.amountMinor % 100n !== 0n) {
    throw new AppError(
      'VALIDATION_FAILED',
      'M-Pesa accepts whole shillings only. Enter an amount without cents, for example 100.',
    );
  }
  assertWithinLimit(input.amountMinor, await maxDepositMinor(deps.db, 'stkpushMax'), profile.currency);

  const { deposit, created } = await createPendingDeposit(deps, {
    memberId: input.member.id,
    method: 'stkpush',
    amountLocalMinor: input.amountMinor,
    phone: input.msisdn,
    profile,
    clientKey: input.clientKey,
  });
  if (!created) return deposit;
  try {
    const accepted = await mpesa.stkPush({
      msisdn: input.msisdn,
      amountMinor: input.amountMinor,
      accountReference: `TZ${deposit.id}`.slice(0, 12),
      description: 'Tuzo deposit',
      callbackUrl: `${deps.publicUrl()}/hooks/mpesa/${payments.mpesaCallbackSecret}/stk`,
    });
    await setCheckoutIds(deps.db, deposit.id, accepted);
    return { ...deposit, checkoutRequestId: accepted.checkoutRequestId };
  } catch (error) {
    const message = error instanceof ProviderError ? error.message : 'M-Pesa could not be reached';
    await updateDepositFailed(deps.db, deposit.id, `Not sent: ${message}`);
    deps.log.warn({ err: error, depositId: deposit.id.toString() }, 'STK push request failed');
    throw new AppError('PROVIDER_ERROR', `M-Pesa could not send the payment request (${message}). Please try again.`);
  }
}

/**
 * An STK callback. Callbacks are unsigned, so they only trigger a settlement: the status query decides. An
 * unknown CheckoutRequestID, or a success whose Amount differs from the push, credits nothing.
 */
export async function handleStkCallback(deps: AppDeps, body: unknown): Promise<void> {
  const callback = parseStkCallback(body);
  if (!callback) {
    deps.log.warn('M-Pesa STK callback ignored: malformed body');
    return;
  }
  const deposit = await findDepositByCheckout(deps.db, callback.checkoutRequestId);
  if (!deposit) {
    deps.log.warn({ checkoutRequestId: callback.checkoutRequestId }, 'M-Pesa STK callback ignored: unknown CheckoutRequestID');
    return;
  }
  if (callback.resultCode === 0 && callback.amountMinor !== deposit.amountLocalMinor) {
    deps.log.error(
      { depositId: deposit.id.toString(), expected: deposit.amountLocalMinor.toString(), got: String(callback.amountMinor) },
      'M-Pesa STK callback ignored: amount does not match the push',
    );
    return;
  }
  await settleStkDeposit(deps, deposit, { receipt: callback.resultCode === 0 ? callback.receipt : null });
}

interface SettleOptions {
  receipt?: string | null;
  /** A push still pending this long after it was made is marked timed out (default 2 minutes). */
  timeoutMs?: number;
}

/** How long the sweep keeps asking M-Pesa about a push it timed out, and how often. */
export const TIMED_OUT_RECHECK_FOR_MS = 24 * 3_600_000;
export const TIMED_OUT_RECHECK_EVERY_MS = 60_000;
export const TIMED_OUT_REASON = `${TIMED_OUT}: no answer from M-Pesa yet; it is credited if M-Pesa confirms the payment`;

/**
 * Asks M-Pesa for the push's result and applies it: success credits once, a failure code marks it failed. The row
 * may be stale: completeDeposit / failDeposit lock it and decide the transition again, so a callback and a query
 * racing each other credit once, and a final state is never overwritten.
 * Also the operator console's "check with the provider" (admin-money) and the sweep's work on timed-out pushes.
 */
export async function settleStkDeposit(deps: AppDeps, deposit: DepositRow, options: SettleOptions = {}): Promise<void> {
  const mpesa = deps.payments.mpesa;
  const { id: depositId, checkoutRequestId } = deposit;
  if (!mpesa || !checkoutRequestId) return;
  const isTimedOut = deposit.status === FAILED && (deposit.failureReason?.startsWith(TIMED_OUT) ?? false);
  if (deposit.status !== PENDING && !isTimedOut) return;
  if (isTimedOut) await markProviderChecked(deps.db, depositId, deps.clock.now());
  let result;
  try {
    result = await mpesa.stkQuery(checkoutRequestId);
  } catch (error) {
    deps.log.warn({ err: error, depositId: depositId.toString() }, 'M-Pesa status query failed; will retry');
    return;
  }
  if (result.state === 'pending') {
    const ageMs = deps.clock.now().getTime() - deposit.createdAt.getTime();
    if (deposit.status === PENDING && ageMs > (options.timeoutMs ?? 120_000)) {
      await deps.db.transaction((tx) => failDeposit(tx, depositId, TIMED_OUT_REASON));
    }
    return;
  }
  if (result.resultCode === 0) {
    await deps.db.transaction((tx) =>
      completeDeposit(tx, {
        at: deps.clock.now(),
        depositId,
        idempotencyKey: `deposit:stk:${checkoutRequestId}`,
        providerRef: options.receipt ?? null,
        memo: `M-Pesa STK push ${checkoutRequestId}`,
        payer: { deps, phone: deposit.phone },
      }),
    );
    return;
  }
  const reason = RESULT_REASONS[result.resultCode] ?? (result.resultDesc || 'M-Pesa declined the payment');
  await deps.db.transaction((tx) => failDeposit(tx, depositId, `${reason} (${result.resultCode})`));
}

/**
 * The sweep's work on STK pushes (deposits.startup.ts runs it every 15 s; tests call it directly, moving deps.clock):
 * pending pushes older than `minAgeMs` are settled by status query, pushes that never reached M-Pesa (no
 * CheckoutRequestID) are failed after `timeoutMs`, and pushes we timed out are asked about again every minute for a
 * day, so a payment M-Pesa completes late is credited without the member typing its code.
 */
export async function reconcilePendingPushes(
  deps: AppDeps,
  options: { minAgeMs?: number; timeoutMs?: number; limit?: number } = {},
): Promise<{ checked: number }> {
  const timeoutMs = options.timeoutMs ?? 120_000;
  const now = deps.clock.now().getTime();
  const limit = options.limit ?? 50;
  const pending = await selectPendingPushes(deps.db, new Date(now - (options.minAgeMs ?? 20_000)), limit);
  for (const deposit of pending) {
    if (!deposit.checkoutRequestId) {
      if (now - deposit.createdAt.getTime() > timeoutMs) {
        await deps.db.transaction((tx) => failDeposit(tx, deposit.id, 'Not sent: the payment request did not reach M-Pesa'));
      }
      continue;
    }
    await settleStkDeposit(deps, deposit, { timeoutMs });
  }
  const timedOut = await selectTimedOutPushes(deps.db, {
    timedOutPrefix: TIMED_OUT,
    createdAfter: new Date(now - TIMED_OUT_RECHECK_FOR_MS),
    checkedBefore: new Date(now - TIMED_OUT_RECHECK_EVERY_MS),
    limit,
  });
  for (const deposit of timedOut) await settleStkDeposit(deps, deposit, { timeoutMs });
  return { checked: pending.length + timedOut.length };
}
