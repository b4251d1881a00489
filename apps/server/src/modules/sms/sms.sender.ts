import type { AppDeps } from '../../lib/deps.ts';
import { type SmsProvider } from '../../payments/index.ts';
import { readSetting } from '../settings/index.ts';
import { promotionSendAt } from './promotion-rules.ts';
import { optOutPhone } from './sms-opt-out.ts';
import {
  acceptsPromotions,
  claimDueMessages,
  failAbandonedSends,
  markFinal,
  markRetry,
  markSent,
  postpone,
  type ClaimedSms,
} from './sms.repository.ts';

/** First retry after 30 s, doubling each time, at most an hour apart; given up after 8 attempts. */
export const RETRY_BASE_MS = 30_000;
export const RETRY_MAX_MS = 3_600_000;
export const MAX_ATTEMPTS = 8;
/** A money-event message not sent within a day of its event is no longer news: it is given up, not sent late. */
export const STALE_AFTER_MS = 24 * 3_600_000;
/** A message still `sending` this long after it was claimed belongs to a sender that stopped mid-call. */
export const ABANDONED_AFTER_MS = 10 * 60_000;

/** The wait before attempt `attempts + 1`: 30 s, 1 min, 2 min ... capped at an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);
}

export interface SenderRun {
  claimed: number;
  sent: number;
  retried: number;
  failed: number;
  abandoned: number;
}

/**
 * One pass of the SMS sender (run every SMS_SEND_EVERY_MS by sms.startup.ts; tests call it directly): claims the due
 * messages (committed as `sending` before any provider call), sends each once, and records the answer: sent with
 * the provider's id and cost, or queued again with exponential backoff, or failed / rejected. It runs after the
 * events' transactions have committed and touches only the outbox, so a provider outage never blocks or undoes a
 * money movement. Without an SMS provider it does nothing: the messages wait.
 */
export async function runSmsSender(deps: AppDeps, options: { limit?: number } = {}): Promise<SenderRun> {
  const run: SenderRun = { claimed: 0, sent: 0, retried: 0, failed: 0, abandoned: 0 };
  const provider = deps.payments.sms;
  if (!provider) return run;
  const now = deps.clock.now();
  run.abandoned = await failAbandonedSends(deps.db, { before: new Date(now.getTime() - ABANDONED_AFTER_MS), at: now });
  const claimed = await claimDueMessages(deps.db, { now, limit: options.limit ?? 50 });
  run.claimed = claimed.length;
  for (const message of claimed) {
    const outcome = await sendOne(deps, provider, message);
    run[outcome] += 1;
  }
  return run;
}

/**
 * Whether a claimed promotion goes now: not outside the sending hours (it waits for them, decision 057) and not to a
 * member who opted out since it was queued (it is refused). Other messages go at any hour.
 */
async function promotionHold(deps: AppDeps, message: ClaimedSms, now: Date): Promise<'go' | 'held' | 'refused'> {
  if (message.kind !== 'promotion') return 'go';
  if (!(await acceptsPromotions(deps.db, message.memberId))) {
    const error = 'The member opted out of promotional SMS';
    await markFinal(deps.db, { id: message.id, state: 'rejected', error, providerStatus: null, at: now });
    return 'refused';
  }
  const hours = await readSetting(deps.db, 'sms.promotion_hours');
  const opens = promotionSendAt(now, hours, deps.config.TUZO_TIMEZONE);
  if (opens.getTime() === now.getTime()) return 'go';
  await postpone(deps.db, { id: message.id, nextAttemptAt: opens, at: now });
  return 'held';
}

async function sendOne(deps: AppDeps, provider: SmsProvider, message: ClaimedSms): Promise<'sent' | 'retried' | 'failed'> {
  const now = deps.clock.now();
  if (message.kind !== 'promotion' && now.getTime() - message.createdAt.getTime() > STALE_AFTER_MS) {
    const error = 'Not sent within a day of its event';
    await markFinal(deps.db, { id: message.id, state: 'failed', error, providerStatus: null, at: now });
    return 'failed';
  }
  const hold = await promotionHold(deps, message, now);
  if (hold !== 'go') return hold === 'held' ? 'retried' : 'failed';
  const result = await provider.send({ to: message.phone, text: message.text });
  const at = deps.clock.now();
  switch (result.outcome) {
    case 'accepted':
      await markSent(deps.db, {
        id: message.id,
        provider: provider.name,
        messageId: result.messageId,
        status: result.status,
        costMinor: result.cost?.minor ?? null,
        costCurrency: result.cost?.currency ?? null,
        at,
      });
      return 'sent';
    case 'rejected':
      await markFinal(deps.db, { id: message.id, state: 'rejected', error: result.reason, providerStatus: result.status, at });
      // 406 "user in blacklist": the number opted out through the provider; promotions stop for it (decision 057).
      if (result.blacklisted) await optOutPhone(deps, { phone: message.phone, via: 'blacklisted', detail: result.reason });
      return 'failed';
    case 'retry':
      return retryLater(deps, message, result.reason, at);
    default: {
      const unknown: never = result;
      throw new Error(`Unknown SMS send outcome ${JSON.stringify(unknown)}`);
    }
  }
}

async function retryLater(deps: AppDeps, message: ClaimedSms, reason: string, at: Date): Promise<'retried' | 'failed'> {
  if (message.attempts >= MAX_ATTEMPTS) {
    const error = `Gave up after ${message.attempts} attempts: ${reason}`;
    await markFinal(deps.db, { id: message.id, state: 'failed', error, providerStatus: null, at });
    return 'failed';
  }
  let nextAttemptAt = new Date(at.getTime() + retryDelayMs(message.attempts));
  if (message.kind === 'promotion') {
    const hours = await readSetting(deps.db, 'sms.promotion_hours');
    nextAttemptAt = promotionSendAt(nextAttemptAt, hours, deps.config.TUZO_TIMEZONE);
  }
  await markRetry(deps.db, { id: message.id, error: reason.slice(0, 500), nextAttemptAt, at });
  return 'retried';
}
