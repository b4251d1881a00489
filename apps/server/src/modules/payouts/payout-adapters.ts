import type { PayoutProvider } from '@tuzo/contracts';
import type { AppDeps } from '../../lib/deps.ts';
import { ProviderError } from '../../payments/index.ts';
import type { FlutterwaveClient, TransferSnapshot } from '../../payments/flutterwave/flutterwave-client.ts';
import type { DarajaClient } from '../../payments/mpesa/daraja-client.ts';
import type { SendOutcome as ClientOutcome } from '../../payments/send-outcome.ts';
import {
  NO_RESULT_DETAILS,
  type PayoutProviderClient,
  type PayoutResult,
  type ProviderExchange,
  type SendOutcome,
} from './payout-provider.ts';
import { redact } from './redact.ts';

/** The URLs M-Pesa posts B2C results, status results and balances to, behind the unguessable callback secret. */
export function b2cUrls(deps: AppDeps) {
  const base = `${deps.publicUrl()}/hooks/mpesa/${deps.payments.mpesaCallbackSecret}`;
  return {
    resultUrl: `${base}/b2c-result`,
    queueTimeoutUrl: `${base}/b2c-timeout`,
    statusUrl: `${base}/b2c-status`,
    statusTimeoutUrl: `${base}/b2c-status-timeout`,
    balanceUrl: `${base}/b2c-balance`,
    balanceTimeoutUrl: `${base}/b2c-balance-timeout`,
  };
}

/** A client outcome as the payouts service reads it; a `duplicate` refusal means an earlier send was taken: unknown. */
function toSendOutcome<T>(outcome: ClientOutcome<T>, conversationIdOf: (accepted: T) => string | null): SendOutcome {
  switch (outcome.kind) {
    case 'accepted':
      return { kind: 'accepted', conversationId: conversationIdOf(outcome.accepted) };
    case 'refused':
      if (outcome.reason === 'duplicate') return { kind: 'unknown', detail: `Already sent once: ${outcome.message}` };
      return { kind: 'refused', code: outcome.errorCode ?? outcome.reason, detail: outcome.message };
    case 'unknown':
      return { kind: 'unknown', detail: `${outcome.message} (${outcome.reason})` };
    default: {
      const never: never = outcome;
      throw new Error(`Unknown send outcome ${String(never)}`);
    }
  }
}

function answerExchange<T>(kind: ProviderExchange['kind'], outcome: ClientOutcome<T>): ProviderExchange {
  if (outcome.kind === 'accepted') return { kind, httpStatus: 200, body: redact(outcome.accepted) };
  return { kind, httpStatus: outcome.httpStatus || null, body: redact(outcome) };
}

function mpesaAdapter(deps: AppDeps, mpesa: DarajaClient): PayoutProviderClient {
  return {
    provider: 'mpesa_b2c',
    async send(request) {
      const urls = b2cUrls(deps);
      const sent = {
        OriginatorConversationID: request.reference,
        PartyB: request.msisdn,
        Amount: request.amountMinor,
        Remarks: request.remarks,
      };
      const outcome = await mpesa.b2cPayment({
        originatorConversationId: request.reference,
        msisdn: request.msisdn,
        amountMinor: request.amountMinor,
        remarks: request.remarks,
        occasion: 'Tuzo withdrawal',
        resultUrl: urls.resultUrl,
        queueTimeoutUrl: urls.queueTimeoutUrl,
      });
      return {
        outcome: toSendOutcome(outcome, (accepted) => accepted.conversationId),
        exchanges: [{ kind: 'send', httpStatus: null, body: redact(sent) }, answerExchange('ack', outcome)],
      };
    },
    async query(payout) {
      const urls = b2cUrls(deps);
      const outcome = await mpesa.b2cTransactionStatus({
        originatorConversationId: payout.reference,
        resultUrl: urls.statusUrl,
        queueTimeoutUrl: urls.statusTimeoutUrl,
        remarks: 'Payout status',
      });
      const exchanges: ProviderExchange[] = [
        { kind: 'query', httpStatus: null, body: { OriginalConversationID: payout.reference } },
        answerExchange('query_ack', outcome),
      ];
      if (outcome.kind === 'accepted')
        return { outcome: { kind: 'asked', queryConversationId: outcome.accepted.conversationId }, exchanges };
      return { outcome: { kind: 'unavailable', detail: outcome.message }, exchanges };
    },
  };
}

/** A Flutterwave transfer as a payout result: SUCCESSFUL paid, FAILED failed, NEW / PENDING still on its way. */
export function transferResult(transfer: TransferSnapshot): PayoutResult {
  const outcome = transfer.status === 'SUCCESSFUL' ? 'paid' : transfer.status === 'FAILED' ? 'failed' : 'pending';
  return {
    reference: transfer.reference,
    conversationId: transfer.id,
    outcome,
    code: transfer.status,
    description: transfer.completeMessage ?? transfer.status,
    // Flutterwave gives no mobile-money receipt of its own: its transfer id is the receipt we show.
    receipt: outcome === 'paid' ? `FLW-${transfer.id}` : null,
    amountMinor: transfer.amountMinor,
    receiverName: transfer.fullName,
    receiverAccount: transfer.accountNumber,
    payerAccount: null,
    currency: transfer.currency,
    feeMinor: transfer.feeMinor,
    balanceMinor: null,
  };
}

function flutterwaveAdapter(deps: AppDeps, flutterwave: FlutterwaveClient): PayoutProviderClient {
  return {
    provider: 'flutterwave',
    async send(request) {
      const body = {
        reference: request.reference,
        accountBank: 'MPS',
        accountNumber: request.msisdn,
        amountMinor: request.amountMinor,
        currency: request.currency,
        narration: request.remarks,
        beneficiaryName: request.msisdn,
        callbackUrl: `${deps.publicUrl()}/hooks/flutterwave`,
        meta: { sender: 'Tuzo', sender_country: 'KE', mobile_number: request.msisdn },
      };
      const outcome = await flutterwave.createTransfer(body);
      return {
        outcome: toSendOutcome(outcome, (accepted) => accepted.id),
        exchanges: [{ kind: 'send', httpStatus: null, body: redact(body) }, answerExchange('ack', outcome)],
      };
    },
    async query(payout) {
      const exchanges: ProviderExchange[] = [{ kind: 'fetch', httpStatus: null, body: { reference: payout.reference } }];
      try {
        const transfer = await flutterwave.fetchTransferByReference(payout.reference);
        exchanges.push({ kind: 'fetch', httpStatus: 200, body: redact(transfer) });
        if (transfer) return { outcome: { kind: 'answered', result: transferResult(transfer) }, exchanges };
        return {
          outcome: {
            kind: 'answered',
            result: { ...NOT_FOUND, reference: payout.reference, description: 'Flutterwave has no transfer with this reference' },
          },
          exchanges,
        };
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        exchanges.push({ kind: 'fetch', httpStatus: error.httpStatus || null, body: { error: error.message } });
        return { outcome: { kind: 'unavailable', detail: error.message }, exchanges };
      }
    },
  };
}

/** The answer "the provider never received it": only ever applied to a payout it never acknowledged. */
export const NOT_FOUND: PayoutResult = {
  reference: null,
  conversationId: null,
  outcome: 'failed',
  code: 'NOT_FOUND',
  description: 'The provider has no such payment',
  ...NO_RESULT_DETAILS,
};

/** The client of a provider, or null when it is not configured (a payout is then refused before it is created). */
export function payoutClient(deps: AppDeps, provider: PayoutProvider): PayoutProviderClient | null {
  const payments = deps.payments;
  switch (provider) {
    case 'mpesa_b2c':
      return payments.mpesa && deps.config.MPESA_INITIATOR_NAME ? mpesaAdapter(deps, payments.mpesa) : null;
    case 'flutterwave':
      return payments.flutterwave ? flutterwaveAdapter(deps, payments.flutterwave) : null;
    default: {
      const never: never = provider;
      throw new Error(`Unknown payout provider ${String(never)}`);
    }
  }
}
