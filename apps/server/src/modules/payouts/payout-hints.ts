import type { AppDeps } from '../../lib/deps.ts';
import { isGenuineFlutterwaveWebhook } from '../../payments/flutterwave/webhook.ts';
import { parseTransferWebhook } from '../../payments/flutterwave/transfers.ts';
import { parseAccountBalanceResult, parseB2CQueueTimeout } from '../../payments/mpesa/b2c-results.ts';
import { markLost, queryPayout, recordExchanges } from './payout-results.ts';
import { redact } from './redact.ts';
import { recordPayoutBalance } from './payout-balance-alert.ts';
import { selectPayoutByReference } from './payouts.repository.ts';

/**
 * The provider messages that only start a question or record a figure: B2C queue timeouts, account balance results
 * and Flutterwave transfer webhooks (a hint: the transfer is fetched and that answer settles the payout).
 */

/** A queue timeout is not a failure: the payout becomes unknown and M-Pesa is asked what happened. */
export async function handleB2CTimeout(deps: AppDeps, body: unknown): Promise<void> {
  const timeout = parseB2CQueueTimeout(body);
  const payout = timeout ? await selectPayoutByReference(deps.db, timeout.originatorConversationId) : null;
  await recordExchanges(deps, payout?.id ?? null, [{ kind: 'timeout', httpStatus: null, body: redact(body) }]);
  if (!payout) return;
  await markLost(deps, payout, 'M-Pesa queue timeout: no result');
  await queryPayout(deps, payout.id);
}

/** The utility balance from an account balance query's result. */
export async function handleB2CBalanceResult(deps: AppDeps, body: unknown): Promise<void> {
  await recordExchanges(deps, null, [{ kind: 'balance', httpStatus: null, body: redact(body) }]);
  const result = parseAccountBalanceResult(body);
  if (!result?.isSuccess || result.utilityAvailableMinor === null) {
    deps.log.warn({ code: result?.resultCode }, 'M-Pesa balance result without a utility balance');
    return;
  }
  await recordPayoutBalance(deps, {
    provider: 'mpesa_b2c',
    currency: result.accounts?.find((line) => /utility/i.test(line.name))?.currency ?? 'KES',
    balanceMinor: result.utilityAvailableMinor,
    source: 'balance query',
  });
}

/**
 * A Flutterwave `transfer.completed` webhook (its hash checked by the caller): only a hint, so the transfer is fetched
 * by our reference and that answer is applied. Answers 200 whether or not the transfer is ours.
 */
export async function handleTransferWebhook(deps: AppDeps, body: unknown): Promise<void> {
  const transfer = parseTransferWebhook(body);
  const payout = transfer ? await selectPayoutByReference(deps.db, transfer.reference) : null;
  await recordExchanges(deps, payout?.id ?? null, [{ kind: 'webhook', httpStatus: null, body: redact(body) }]);
  if (!payout) {
    deps.log.warn({ reference: transfer?.reference }, 'Flutterwave transfer webhook ignored: no payout with this reference');
    return;
  }
  // Also about a payout already failed or paid outside Tuzo: a success there is a double payment to alert (046).
  await queryPayout(deps, payout.id, { evenIfSettled: true });
}

/** Whether a Flutterwave webhook carries our secret hash (the same check as payment webhooks). */
export function isGenuineTransferWebhook(deps: AppDeps, request: { headers: Record<string, unknown>; rawBody: string }): boolean {
  const secretHash = deps.payments.flutterwaveSecretHash;
  return secretHash !== null && isGenuineFlutterwaveWebhook({ headers: request.headers, rawBody: request.rawBody, secretHash });
}

/** Whether a Flutterwave webhook body is about a transfer (a payout) rather than a payment. */
export function isTransferEvent(body: unknown): boolean {
  return typeof body === 'object' && body !== null && String((body as { event?: unknown }).event ?? '').startsWith('transfer.');
}
