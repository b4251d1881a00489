import { formatMinor } from '@tuzo/contracts';
import type { AuthMember } from '../../http/action.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { isGenuineFlutterwaveWebhook, parseFlutterwaveWebhook } from '../../payments/flutterwave/webhook.ts';
import { ProviderError } from '../../payments/index.ts';
import { completeDeposit, failDeposit } from './deposit-state.ts';
import { assertWithinLimit, createPendingDeposit, loadProfile, maxDepositMinor } from './deposit-setup.ts';
import { findDepositByTxRef, setPaymentLink, updateDepositFailed, type DepositRow } from './deposits.repository.ts';

/** Currencies Flutterwave collects in that Tuzo's countries use. */
export const FLUTTERWAVE_CURRENCIES = new Set(['KES', 'UGX', 'TZS', 'NGN', 'GHS', 'RWF', 'ZAR', 'USD', 'EUR', 'GBP']);

/** `requestpayment`: a pending deposit and a hosted payment link for it. Credit happens on the verified webhook. */
export async function requestPaymentLink(
  deps: AppDeps,
  input: { member: AuthMember; amountMinor: bigint; clientKey: string | null },
): Promise<{ deposit: DepositRow; link: string }> {
  const flutterwave = deps.payments.flutterwave;
  const profile = await loadProfile(deps.db, input.member.id);
  if (!flutterwave || !FLUTTERWAVE_CURRENCIES.has(profile.currency)) {
    throw new AppError('BAD_REQUEST', 'Payment links are not available in your country. Please use another deposit method.');
  }
  assertWithinLimit(input.amountMinor, await maxDepositMinor(deps.db, 'flutterwaveMax'), profile.currency);
  const { deposit, created } = await createPendingDeposit(deps, {
    memberId: input.member.id,
    method: 'flutterwave',
    amountLocalMinor: input.amountMinor,
    phone: profile.phone,
    txRef: `TZ-${deps.random.uuid()}`,
    profile,
    clientKey: input.clientKey,
  });
  if (!created) {
    if (deposit.paymentLink && deposit.status === 0) return { deposit, link: deposit.paymentLink };
    throw new AppError('CONFLICT', 'This payment request was already made. Please start a new one.');
  }
  try {
    const link = await flutterwave.createPaymentLink({
      txRef: deposit.txRef as string,
      amountMinor: deposit.amountLocalMinor,
      currency: deposit.currency,
      redirectUrl: `${deps.publicUrl()}/deposit`,
      customer: { email: profile.email, name: profile.username, phonenumber: profile.phone },
      title: 'Tuzo deposit',
      description: `Deposit ${deposit.currency} ${formatMinor(deposit.amountLocalMinor)} to your Tuzo Deposit wallet`,
    });
    await setPaymentLink(deps.db, deposit.id, link);
    return { deposit: { ...deposit, paymentLink: link }, link };
  } catch (error) {
    const message = error instanceof ProviderError ? error.message : 'Flutterwave could not be reached';
    await updateDepositFailed(deps.db, deposit.id, `Not sent: ${message}`);
    deps.log.warn({ err: error, depositId: deposit.id.toString() }, 'Flutterwave payment link failed');
    throw new AppError('PROVIDER_ERROR', `The payment link could not be created (${message}). Please try again.`);
  }
}

/**
 * The Flutterwave webhook: 401 unless the hash (or HMAC signature) is right. A genuine event is never trusted for
 * the amount: the transaction is re-read from the verify endpoint and must be successful, for our tx_ref and in the
 * deposit's currency; the member is credited the verified amount paid (more or less than asked: never lost).
 * Errors reaching the provider propagate (500) so it retries.
 */
export async function handleFlutterwaveWebhook(
  deps: AppDeps,
  request: { headers: Record<string, unknown>; rawBody: string },
): Promise<{ status: 200 | 401 }> {
  const payments = deps.payments;
  const secretHash = payments.flutterwaveSecretHash;
  if (
    !payments.flutterwave ||
    !secretHash ||
    !isGenuineFlutterwaveWebhook({ headers: request.headers, rawBody: request.rawBody, secretHash })
  ) {
    deps.log.warn('Flutterwave webhook refused: bad or missing hash');
    return { status: 401 };
  }
  let body: unknown = null;
  try {
    body = JSON.parse(request.rawBody);
  } catch {
    body = null;
  }
  const event = parseFlutterwaveWebhook(body);
  if (!event || event.event !== 'charge.completed') {
    deps.log.info({ event: event?.event }, 'Flutterwave webhook ignored: not a charge.completed event');
    return { status: 200 };
  }
  const deposit = await findDepositByTxRef(deps.db, event.txRef);
  if (!deposit) {
    deps.log.warn({ txRef: event.txRef }, 'Flutterwave webhook ignored: unknown tx_ref');
    return { status: 200 };
  }
  if (deposit.status !== 0) return { status: 200 };
  const verified = await payments.flutterwave.verifyTransaction(event.transactionId);
  if (verified.txRef === deposit.txRef && verified.status !== 'successful') {
    // A failed attempt: the member may still pay on the same checkout, so the deposit stays pending.
    deps.log.info({ depositId: deposit.id.toString(), status: verified.status }, 'Flutterwave attempt not successful');
    return { status: 200 };
  }
  const problem = verificationProblem(deposit, verified);
  if (problem === null) {
    await deps.db.transaction((tx) =>
      completeDeposit(tx, {
        at: deps.clock.now(),
        depositId: deposit.id,
        idempotencyKey: `deposit:flw:${event.txRef}`,
        providerRef: verified.id,
        memo: `Flutterwave ${verified.id}`,
        // The verified amount is what the provider received: a member who paid more or less is credited exactly that.
        ...(verified.amountMinor !== null ? { paidLocalMinor: verified.amountMinor } : {}),
      }),
    );
    if (verified.amountMinor !== deposit.amountLocalMinor) {
      deps.log.warn(
        {
          depositId: deposit.id.toString(),
          asked: formatMinor(deposit.amountLocalMinor),
          paid: formatMinor(verified.amountMinor ?? 0n),
        },
        'Flutterwave paid amount differs from the amount asked; credited the amount paid',
      );
    }
  } else {
    deps.log.error({ depositId: deposit.id.toString(), transactionId: verified.id, problem }, 'Flutterwave payment not credited');
    await deps.db.transaction((tx) => failDeposit(tx, deposit.id, problem));
  }
  return { status: 200 };
}

function verificationProblem(
  deposit: DepositRow,
  verified: { txRef: string; status: string; currency: string; amountMinor: bigint | null },
): string | null {
  // A matching tx_ref that is not successful never gets here: the webhook keeps such a deposit pending.
  if (verified.txRef !== deposit.txRef) return 'Verification failed: the transaction belongs to another payment';
  if (verified.currency !== deposit.currency)
    return `Verification failed: paid in ${verified.currency}, expected ${deposit.currency}`;
  if (verified.amountMinor === null || verified.amountMinor <= 0n) return 'Verification failed: the amount paid is unreadable';
  return null;
}
