import type { AppDeps } from '../../lib/deps.ts';
import { parseC2BConfirmation } from '../../payments/mpesa/callbacks.ts';
import { parsePaymentSms, SmsWebhookSchema, whyNotFromForwarder } from '../../payments/sms/sms-forwarder.ts';
import { QUERYABLE_SOURCES, requestVerification } from './notification-verification.service.ts';
import { insertNotification, type NewNotification } from './payment-notifications.repository.ts';

/**
 * Stores a notification unverified and, where M-Pesa can confirm it, sends the transaction status query at once
 * (decision 020): nothing is credited from the notification alone. Returns whether it was new.
 */
async function storeNotification(deps: AppDeps, notification: Omit<NewNotification, 'verification'>): Promise<boolean> {
  const isQueryable = QUERYABLE_SOURCES.has(notification.source);
  const id = await insertNotification(deps.db, { ...notification, verification: isQueryable ? 'pending' : 'manual' });
  if (id !== null && isQueryable) await requestVerification(deps, { id, transId: notification.transId });
  return id !== null;
}

/** Stores an M-Pesa C2B confirmation (a paybill payment made by hand) for `recovercode` to claim once confirmed. */
export async function recordC2BConfirmation(deps: AppDeps, body: unknown): Promise<{ stored: boolean }> {
  const confirmation = parseC2BConfirmation(body);
  if (!confirmation) {
    // Daraja still gets 200 (it cannot fix the body); the body is logged whole so the payment can be credited by hand.
    deps.log.error({ body }, 'M-Pesa C2B confirmation not stored: malformed body');
    return { stored: false };
  }
  const stored = await storeNotification(deps, {
    source: 'mpesa_c2b',
    transId: confirmation.transId,
    amountMinor: confirmation.amountMinor,
    currency: 'KES',
    msisdn: confirmation.msisdn,
    senderName: confirmation.firstName,
    raw: body,
  });
  deps.log.info({ transId: confirmation.transId, stored }, 'M-Pesa C2B confirmation received');
  return { stored };
}

/**
 * `malformed`: the request carried no message text (answered 400); `refused`: not from an accepted sender name or not
 * forwarded by the configured phone (answered 403); any other outcome is answered 200.
 */
export type SmsOutcome = { stored: true; transId: string } | { stored: false; reason: string; malformed?: true; refused?: true };

/** Stores a forwarded payment SMS (raw text kept) when one of the provider parsers reads it. */
export async function recordForwardedSms(deps: AppDeps, body: unknown): Promise<SmsOutcome> {
  const payload = SmsWebhookSchema.safeParse(body);
  if (!payload.success)
    return { stored: false, reason: 'Unreadable message: expected its text (at most 2000 characters)', malformed: true };
  if (payload.data.text.trim() === '') return { stored: false, reason: 'No message text', malformed: true };
  const why = whyNotFromForwarder(payload.data, {
    senders: deps.config.SMS_FORWARDER_SENDERS,
    phones: deps.config.SMS_FORWARDER_PHONES,
  });
  if (why !== null) {
    deps.log.warn({ from: payload.data.from, to: payload.data.to, reason: why }, 'Forwarded SMS refused');
    return { stored: false, reason: why, refused: true };
  }
  const parsed = parsePaymentSms(payload.data.text);
  if (!parsed) {
    // The text is logged: a payment message whose format changed can still be found and credited by hand.
    deps.log.warn({ from: payload.data.from, text: payload.data.text }, 'Forwarded SMS is not a recognised payment message');
    return { stored: false, reason: 'Not a recognised payment message' };
  }
  const stored = await storeNotification(deps, {
    source: `sms_${parsed.provider}`,
    transId: parsed.transId,
    amountMinor: parsed.amountMinor,
    currency: parsed.currency,
    msisdn: parsed.msisdn,
    senderName: parsed.senderName,
    raw: { from: payload.data.from, text: payload.data.text },
  });
  return stored ? { stored: true, transId: parsed.transId } : { stored: false, reason: 'Already received' };
}
