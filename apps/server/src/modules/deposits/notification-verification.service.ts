import { formatMinor } from '@tuzo/contracts';
import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../lib/deps.ts';
import {
  parseTransactionStatusResult,
  RETRYABLE_RESULT_CODES,
  type TransactionStatusResult,
} from '../../payments/mpesa/callbacks.ts';
import { partyIdentifier } from '../../payments/mpesa/b2c-results.ts';
import { raiseMoneyAlert } from '../money-alerts/index.ts';
import { notifyMember } from '../notifications/index.ts';
import { findManualDepositByCode } from './deposits.repository.ts';
import { creditCode } from './manual-code.service.ts';
import {
  clearQuery,
  lockNotificationByConversation,
  lockNotificationsByCode,
  markQuerySent,
  selectNotificationsToQuery,
  setVerification,
  type UnverifiedRow,
} from './payment-notifications.repository.ts';

/**
 * Confirming payment notifications with M-Pesa before anything is credited (decision 020). A C2B confirmation or a
 * forwarded M-Pesa SMS is stored `pending`; a transaction status query goes out at once (and again from the sweep
 * while no answer has come); its result, posted to our ResultURL, makes the notification `verified` (Completed,
 * same amount) or `refused`. A member who claimed the code meanwhile is credited then, exactly once.
 */

/** Sources Daraja's transaction status query can confirm. Other providers' SMS stay `manual`. */
export const QUERYABLE_SOURCES: ReadonlySet<string> = new Set(['mpesa_c2b', 'sms_mpesa_ke']);
/** A query with no result after this long is sent again by the sweep. */
export const REQUERY_AFTER_MS = 60_000;

/** The ResultURL / QueueTimeOutURL of status queries (behind the same unguessable path as every M-Pesa callback). */
function statusUrls(deps: AppDeps) {
  const base = `${deps.publicUrl()}/hooks/mpesa/${deps.payments.mpesaCallbackSecret}`;
  return { resultUrl: `${base}/status`, queueTimeoutUrl: `${base}/status-timeout` };
}

/** Sends one transaction status query for a pending notification and records its ConversationID. Never throws. */
export async function requestVerification(deps: AppDeps, notification: { id: bigint; transId: string }): Promise<void> {
  const mpesa = deps.payments.mpesa;
  if (!mpesa) {
    deps.log.warn({ transId: notification.transId }, 'Payment notification not confirmed: M-Pesa is not configured');
    return;
  }
  let conversationId: string | null = null;
  try {
    const accepted = await mpesa.transactionStatus({
      transactionId: notification.transId,
      ...statusUrls(deps),
      remarks: 'Confirm payment before crediting',
      occasion: 'Tuzo deposit',
    });
    conversationId = accepted.conversationId;
  } catch (error) {
    deps.log.warn({ err: error, transId: notification.transId }, 'M-Pesa transaction status query failed; will retry');
  }
  await markQuerySent(deps.db, notification.id, { conversationId, at: deps.clock.now() });
}

/** The sweep's share: asks again about pending notifications with no answer for REQUERY_AFTER_MS. */
export async function verifyPendingNotifications(deps: AppDeps, options: { limit?: number } = {}): Promise<{ queried: number }> {
  const due = await selectNotificationsToQuery(deps.db, {
    sentBefore: new Date(deps.clock.now().getTime() - REQUERY_AFTER_MS),
    limit: options.limit ?? 20,
  });
  for (const notification of due) await requestVerification(deps, notification);
  return { queried: due.length };
}

type Verdict =
  | { kind: 'verified'; amountMinor: bigint }
  | { kind: 'refused'; amountMinor: bigint | null; note: string; isAlert?: true }
  | { kind: 'retry'; note: string };

/** Tuzo's own M-Pesa shortcodes: the paybill customers pay (MPESA_SHORTCODE) and the B2C shortcode payouts leave. */
export interface TuzoShortcodes {
  paybill: string;
  payouts: readonly string[];
}

export function tuzoShortcodes(deps: AppDeps): TuzoShortcodes {
  const { MPESA_SHORTCODE, MPESA_B2C_SHORTCODE } = deps.config;
  return { paybill: MPESA_SHORTCODE, payouts: [MPESA_SHORTCODE, ...(MPESA_B2C_SHORTCODE ? [MPESA_B2C_SHORTCODE] : [])] };
}

/**
 * Whether a Completed transaction is money a customer paid to Tuzo (decision 046): its credit party must be Tuzo's
 * paybill and its debit party must not be one of Tuzo's shortcodes (a B2C payout's receipt names Tuzo as the payer
 * and the member as the receiver). Answers why not, or null.
 */
function whyNotPaidToTuzo(result: TransactionStatusResult, shortcodes: TuzoShortcodes): string | null {
  const payer = partyIdentifier(result.debitPartyName);
  if (payer !== null && shortcodes.payouts.includes(payer))
    return `Tuzo paid this transaction (debit party ${result.debitPartyName ?? ''}): a payout receipt is not a deposit`;
  const receiver = partyIdentifier(result.creditPartyName);
  if (receiver !== shortcodes.paybill)
    return `The money went to ${result.creditPartyName ?? 'an unnamed party'}, not to Tuzo's shortcode ${shortcodes.paybill}`;
  return null;
}

/** What a status result says about one notification. */
export function judgeStatusResult(
  notification: UnverifiedRow,
  result: TransactionStatusResult,
  shortcodes: TuzoShortcodes,
): Verdict {
  if (RETRYABLE_RESULT_CODES.has(result.resultCode))
    return { kind: 'retry', note: `${result.resultDesc} (${result.resultCode})` };
  if (result.resultCode !== '0') {
    return {
      kind: 'refused',
      amountMinor: null,
      note: `M-Pesa does not know this transaction: ${result.resultDesc} (${result.resultCode})`,
    };
  }
  if (result.receiptNo !== null && result.receiptNo !== notification.transId) {
    return { kind: 'refused', amountMinor: null, note: `M-Pesa answered about another receipt (${result.receiptNo})` };
  }
  if (result.status !== 'Completed') {
    return { kind: 'refused', amountMinor: null, note: `M-Pesa reports the transaction as ${result.status ?? 'unknown'}` };
  }
  const notOurs = whyNotPaidToTuzo(result, shortcodes);
  if (notOurs !== null) return { kind: 'refused', amountMinor: result.amountMinor, note: notOurs, isAlert: true };
  if (result.amountMinor === null) return { kind: 'retry', note: 'The result carried no Amount' };
  if (result.amountMinor !== notification.amountMinor) {
    return {
      kind: 'refused',
      isAlert: true,
      amountMinor: result.amountMinor,
      note: `Amount mismatch: M-Pesa says ${formatMinor(result.amountMinor)}, the notification said ${formatMinor(notification.amountMinor)}`,
    };
  }
  return { kind: 'verified', amountMinor: result.amountMinor };
}

/**
 * A transaction status result posted to our ResultURL. It counts only when its ConversationID is the one M-Pesa
 * acknowledged our latest query with (a stranger who learnt the path still cannot confirm a payment), and only for
 * a notification still pending: a final answer is never overwritten. Only money a customer paid to Tuzo's shortcode,
 * for the notified amount, is verified; anything else is refused and alerts the operators (decision 046).
 */
export async function handleTransactionStatusResult(deps: AppDeps, body: unknown): Promise<void> {
  const result = parseTransactionStatusResult(body);
  if (!result) {
    deps.log.warn('M-Pesa transaction status result ignored: malformed body');
    return;
  }
  await deps.db.transaction(async (tx) => {
    const notification = await lockNotificationByConversation(tx, result.conversationId);
    if (!notification) {
      deps.log.warn(
        { conversationId: result.conversationId },
        'M-Pesa transaction status result ignored: unknown ConversationID',
      );
      return;
    }
    if (notification.verification !== 'pending') return;
    const verdict = judgeStatusResult(notification, result, tuzoShortcodes(deps));
    await applyVerdict(tx, deps, notification, verdict);
  });
}

async function applyVerdict(tx: DbOrTx, deps: AppDeps, notification: UnverifiedRow, verdict: Verdict): Promise<void> {
  const fields = { transId: notification.transId, notificationId: notification.id.toString() };
  if (verdict.kind === 'retry') {
    deps.log.error({ ...fields, reason: verdict.note }, 'M-Pesa could not confirm a payment yet; asking again later');
    await clearQuery(tx, notification.id);
    return;
  }
  const at = deps.clock.now();
  if (verdict.kind === 'refused') {
    deps.log.error({ ...fields, reason: verdict.note }, 'Payment notification refused by the M-Pesa status query');
    if (verdict.isAlert) {
      await raiseMoneyAlert(
        deps,
        {
          kind: 'deposit_refused',
          notificationId: notification.id,
          memberId: notification.waitingMemberId,
          transactionCode: notification.transId,
          detail: `Deposit notification ${notification.transId} refused: ${verdict.note}`,
          dedupeKey: `deposit-refused:notification:${notification.id}`,
        },
        tx,
      );
    }
    await setVerification(tx, notification.id, {
      verification: 'refused',
      amountMinor: verdict.amountMinor,
      note: verdict.note,
      at,
    });
    if (notification.waitingMemberId !== null) {
      await notifyMember(tx, {
        memberId: notification.waitingMemberId,
        msg: `Your transaction code ${notification.transId} could not be confirmed with M-Pesa and was not credited.`,
        severity: 'warning',
      });
    }
    return;
  }
  await setVerification(tx, notification.id, { verification: 'verified', amountMinor: verdict.amountMinor, note: null, at });
  deps.log.info(fields, 'Payment notification confirmed by M-Pesa');
  await creditWaitingClaim(tx, deps, notification);
}

/** Credits the member who claimed the code while it waited, unless the code was credited another way meanwhile. */
async function creditWaitingClaim(tx: DbOrTx, deps: AppDeps, notification: UnverifiedRow): Promise<void> {
  if (notification.waitingMemberId === null) return;
  if (await findManualDepositByCode(tx, notification.transId)) return;
  const verified = (await lockNotificationsByCode(tx, notification.transId)).find((n) => n.id === notification.id);
  if (!verified || verified.claimedByDepositId !== null) return;
  await creditCode(tx, deps, {
    memberId: notification.waitingMemberId,
    code: notification.transId,
    amountLocalMinor: verified.amountMinor,
    currency: verified.currency,
    phone: verified.msisdn,
    notification: verified,
  });
}
