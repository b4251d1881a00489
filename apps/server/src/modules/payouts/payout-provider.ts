import type { PayoutProvider } from '@tuzo/contracts';

/**
 * What the payouts service needs from a provider: send one payment under our reference, and ask about it. The
 * M-Pesa B2C and Flutterwave adapters (payout-adapters.ts) implement it with the clients in payments/.
 */
export interface PayoutSendRequest {
  /** Ours, committed before this call: Daraja's OriginatorConversationID, Flutterwave's transfer reference. */
  reference: string;
  /** International digits without "+": 2547XXXXXXXX. */
  msisdn: string;
  /** In `currency`, minor units. */
  amountMinor: bigint;
  currency: string;
  remarks: string;
}

/** One request, answer or callback as recorded on the payout (secrets redacted by the adapter). */
export interface ProviderExchange {
  kind: 'send' | 'ack' | 'query' | 'query_ack' | 'fetch';
  httpStatus: number | null;
  body: unknown;
}

/**
 * The provider's answer to a send: `accepted` (it will post a result), `refused` (it will not pay: nothing left
 * our account), or `unknown` (timeout, gateway error: it may have paid; only a status query can tell).
 */
export type SendOutcome =
  | { kind: 'accepted'; conversationId: string | null }
  | { kind: 'refused'; code: string; detail: string }
  | { kind: 'unknown'; detail: string };

/** A result about one payout, from a callback, a status query result or a transfer fetch, in one shape. */
export interface PayoutResult {
  reference: string | null;
  conversationId: string | null;
  outcome: 'paid' | 'failed' | 'pending';
  code: string;
  description: string;
  receipt: string | null;
  /** In the payout's currency, minor units, when the provider said. */
  amountMinor: bigint | null;
  receiverName: string | null;
  /**
   * Whom the provider says it paid (decision 046): the receiver's number (B2C ReceiverPartyPublicName or
   * CreditPartyName, a Flutterwave transfer's account_number), the account that paid (a status query's
   * DebitPartyName: Tuzo's B2C shortcode) and the currency (Flutterwave). Null when the provider did not say.
   */
  receiverAccount: string | null;
  payerAccount: string | null;
  currency: string | null;
  feeMinor: bigint | null;
  /** The utility (payout) account's available balance after this payment, when the provider said. */
  balanceMinor: bigint | null;
}

/** What a result that names nothing beyond its outcome says of the rest: no receipt, amount, parties, fee or balance. */
export const NO_RESULT_DETAILS = {
  receipt: null,
  amountMinor: null,
  receiverName: null,
  receiverAccount: null,
  payerAccount: null,
  currency: null,
  feeMinor: null,
  balanceMinor: null,
} as const;

/**
 * The answer to "what happened to this payout?": M-Pesa answers asynchronously (`asked`: the result is posted to
 * our status URL carrying `queryConversationId`); Flutterwave at once (`answered`); or the question did not get
 * through (`unavailable`: asked again later).
 */
export type QueryOutcome =
  | { kind: 'asked'; queryConversationId: string }
  | { kind: 'answered'; result: PayoutResult }
  | { kind: 'unavailable'; detail: string };

export interface PayoutProviderClient {
  readonly provider: PayoutProvider;
  send(request: PayoutSendRequest): Promise<{ outcome: SendOutcome; exchanges: ProviderExchange[] }>;
  query(payout: { reference: string; conversationId: string | null }): Promise<{
    outcome: QueryOutcome;
    exchanges: ProviderExchange[];
  }>;
}

/**
 * Why a payout failed, in the member's words, from the provider's result code (payment-providers.md, B2C codes).
 * Codes about our own account (balance, initiator, credential) are told as "could not pay out right now".
 */
export const MEMBER_REASONS: Record<string, string> = {
  '1': 'We could not pay out right now. Please try again later.',
  '2': 'The amount is below the smallest payment M-Pesa allows.',
  '3': 'The amount is above the largest payment M-Pesa allows.',
  '4': 'Your M-Pesa number has reached its daily limit for receiving payments.',
  '8': 'Your M-Pesa account cannot hold this amount (its balance limit would be exceeded).',
  '2040': 'Your phone number is not registered on M-Pesa.',
  SFC_IC0003: 'Your phone number is not registered on M-Pesa.',
};
const OUR_SIDE = 'We could not pay out right now. Please try again later.';

export function memberReason(code: string, provider: PayoutProvider): string {
  const known = MEMBER_REASONS[code];
  if (known) return known;
  return provider === 'flutterwave' ? 'The transfer to your mobile money account did not go through.' : OUR_SIDE;
}
