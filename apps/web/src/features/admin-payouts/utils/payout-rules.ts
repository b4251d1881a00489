import {
  PAYOUT_PROVIDER_LABELS,
  PayoutProvidersSchema,
  type AdminCountryRow,
  type PayoutMethod,
  type PayoutState,
  type ProviderAnswer,
} from '@tuzo/contracts';
import type { BadgeTone } from '@/components/ui/badge';

/** A payout's state as the console names it, with its colour and what it means for the operator. */
export const PAYOUT_STATE_LABELS: Record<PayoutState, { label: string; tone: BadgeTone; meaning: string }> = {
  approved: {
    label: 'Approved',
    tone: 'warning',
    meaning: 'Approved and recorded; not yet acknowledged by the provider.',
  },
  sent: { label: 'Sent', tone: 'warning', meaning: 'The provider took it; its result has not come yet.' },
  unknown: {
    label: 'Unknown',
    tone: 'danger',
    meaning:
      'No result in time: never refunded or sent again on a guess; check with the provider. If it has no such payment, retry it or mark it failed.',
  },
  paid: { label: 'Paid', tone: 'success', meaning: 'Paid, with the provider’s receipt.' },
  failed: { label: 'Failed', tone: 'danger', meaning: 'The provider refused it; the money went back to the member’s wallet.' },
};

/** The queue's tabs, in the order a payout moves. */
export const PAYOUT_QUEUE_STATES: readonly PayoutState[] = ['unknown', 'sent', 'approved', 'failed', 'paid'];

/** Asking the provider makes sense while the result is outstanding: sent, or unknown after the result timeout. */
export function canCheckPayout(state: PayoutState): boolean {
  return state === 'sent' || state === 'unknown';
}

/**
 * "Mark paid outside Tuzo" and "Mark failed" are offered while no result settled the payout (unknown, or approved/sent:
 * the server takes those only once their result is overdue and says so otherwise) and only once the provider's status
 * query answered that it did not pay: `failed` or `not-found` (decision 046). Never failed (the hold is back in the
 * wallet) or paid.
 */
export function canSettlePayoutByHand(payout: { state: PayoutState; provider_answer: ProviderAnswer | null }): boolean {
  const isLive = payout.state === 'unknown' || payout.state === 'sent' || payout.state === 'approved';
  return isLive && (payout.provider_answer === 'failed' || payout.provider_answer === 'not-found');
}

/** "Retry payout": a failed payout, or one the provider does not know (marked failed first by the server). */
export function canRetryPayout(payout: { state: PayoutState; provider_answer: ProviderAnswer | null }): boolean {
  return payout.state === 'failed' || (payout.state === 'unknown' && payout.provider_answer === 'not-found');
}

/** The provider's last status answer, in the console's words. */
export const PROVIDER_ANSWER_LABELS: Record<ProviderAnswer, string> = {
  completed: 'Paid (the provider confirmed it)',
  failed: 'Failed (the provider says it did not pay)',
  'not-found': 'Not found (the provider has no such payment): waits for an operator',
};

/** One country and how its approved withdrawals are paid. */
export interface CountryPayoutMethod {
  name: string;
  abbreviation: string;
  currency: string;
  method: PayoutMethod;
  label: string;
}

/**
 * How each country's withdrawals are paid, from the setting `payouts.providers` (country abbreviation -> method): a
 * country the setting does not list is paid by hand (the setting's own rule). A value the contract's schema cannot
 * read names no provider, so the console never claims a provider pays. Enabled countries only, in the countries' order.
 */
export function countryPayoutMethods(
  countries: ReadonlyArray<Pick<AdminCountryRow, 'name' | 'abbreviation' | 'currency' | 'enabled'>>,
  providers: unknown,
): CountryPayoutMethod[] {
  const parsed = PayoutProvidersSchema.safeParse(providers);
  const byCountry: Record<string, PayoutMethod> = parsed.success ? parsed.data : {};
  return countries
    .filter((country) => country.enabled)
    .map((country) => {
      const method = byCountry[country.abbreviation.toUpperCase()] ?? 'manual';
      return {
        name: country.name,
        abbreviation: country.abbreviation,
        currency: country.currency,
        method,
        label: PAYOUT_PROVIDER_LABELS[method],
      };
    });
}

/** An exchange's body as readable text: JSON indented, plain text as it is, nothing as a dash. */
export function exchangeBodyText(body: unknown): string {
  if (body === null || body === undefined || body === '') return '—';
  if (typeof body === 'string') return body;
  return JSON.stringify(body, null, 2);
}
