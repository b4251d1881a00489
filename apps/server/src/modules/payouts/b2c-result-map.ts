import type { B2CResult, B2CStatusResult } from '../../payments/mpesa/b2c-results.ts';
import { B2C_FAILURE_CODES, partyIdentifier } from '../../payments/mpesa/b2c-results.ts';
import { NOT_FOUND } from './payout-adapters.ts';
import { NO_RESULT_DETAILS, type PayoutResult } from './payout-provider.ts';

/** What M-Pesa's B2C results and status results say about a payout, in the one shape the state machine reads. */

/** A B2C Result as a payout result; a failure code that does not say the payment failed is asked about instead. */
export function b2cPayoutResult(result: B2CResult): PayoutResult {
  const outcome = result.isSuccess ? 'paid' : B2C_FAILURE_CODES.has(result.resultCode) ? 'failed' : 'pending';
  return {
    reference: result.originatorConversationId,
    conversationId: result.conversationId,
    outcome,
    code: result.resultCode,
    description: result.resultDesc,
    receipt: result.receipt,
    amountMinor: result.amountMinor,
    receiverName: result.receiverPartyPublicName,
    receiverAccount: result.receiverMsisdn,
    payerAccount: null,
    currency: null,
    feeMinor: null,
    balanceMinor: result.utilityAvailableMinor,
  };
}

export function statusPayoutResult(result: B2CStatusResult): PayoutResult | null {
  const base = {
    reference: null,
    conversationId: null,
    code: result.resultCode,
    description: result.transactionStatus ?? result.resultDesc,
    ...NO_RESULT_DETAILS,
  };
  switch (result.state) {
    case 'completed':
      return {
        ...base,
        outcome: 'paid',
        receipt: result.receipt,
        amountMinor: result.amountMinor,
        receiverName: result.creditPartyName,
        receiverAccount: partyIdentifier(result.creditPartyName),
        payerAccount: partyIdentifier(result.debitPartyName),
      };
    case 'failed':
      return { ...base, outcome: 'failed' };
    case 'not-found':
      return { ...NOT_FOUND, description: result.resultDesc };
    case 'unanswered':
      return null;
    default: {
      const never: never = result.state;
      throw new Error(`Unknown status state ${String(never)}`);
    }
  }
}
