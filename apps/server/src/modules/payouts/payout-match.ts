import { formatMinor } from '@tuzo/contracts';
import type { AppDeps } from '../../lib/deps.ts';
import type { PayoutResult } from './payout-provider.ts';
import type { PayoutRow } from './payouts.repository.ts';

/**
 * Whether a provider's success is about this payout (decision 046): paid to the payout's own number (B2C receiver,
 * Flutterwave account), in its currency, for its amount, and (a status query's answer) from Tuzo's own B2C shortcode.
 * A success that fails any of these moves nothing: it is logged for operators instead.
 */

/** A phone as international digits: `+2547…`, `2547…` and `07…` are one number (2547…). */
export function msisdnDigits(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return /^0\d{9}$/.test(digits) ? `254${digits.slice(1)}` : digits;
}

/**
 * Whether a number the provider reported is the payout's: the same international digits, where a masked digit (`*`,
 * as M-Pesa may print a customer's number) matches any, with at least 8 digits shown.
 */
export function isSameMsisdn(reported: string, payoutPhone: string): boolean {
  const shown = reported.replace(/[^\d*]/g, '').replace(/^0(?=[\d*]{9}$)/, '254');
  const expected = msisdnDigits(payoutPhone);
  if (shown.length !== expected.length || shown.replace(/\*/g, '').length < 8) return false;
  return [...shown].every((digit, index) => digit === '*' || digit === expected[index]);
}

/** The shortcode B2C payouts are paid from (MPESA_B2C_SHORTCODE, else MPESA_SHORTCODE). */
export function b2cShortcodeOf(deps: AppDeps): string {
  return deps.config.MPESA_B2C_SHORTCODE ?? deps.config.MPESA_SHORTCODE;
}

/** Why a success is not this payout's, in an operator's words; null when it is. */
export function payoutMismatch(deps: AppDeps, payout: PayoutRow, result: PayoutResult, by: 'result' | 'query'): string | null {
  const money = (minor: bigint) => `${payout.currency} ${formatMinor(minor)}`;
  if (result.receipt === null) return 'The provider reported a success without a receipt';
  if (result.amountMinor === null) return 'The provider reported a success without an amount';
  if (result.amountMinor !== payout.amountMinor)
    return `The provider paid ${money(result.amountMinor)}, the payout is ${money(payout.amountMinor)}`;
  if (result.currency !== null && result.currency !== payout.currency)
    return `The provider paid in ${result.currency}, the payout is in ${payout.currency}`;
  if (payout.provider === 'flutterwave' && result.currency === null) return 'The transfer carried no currency';
  if (result.receiverAccount === null) return 'The provider did not say whom it paid';
  if (!isSameMsisdn(result.receiverAccount, payout.phone))
    return `The provider paid ${result.receiverAccount}, the payout goes to ${payout.phone}`;
  if (payout.provider === 'mpesa_b2c' && by === 'query') {
    const shortcode = b2cShortcodeOf(deps);
    if (result.payerAccount !== shortcode)
      return `The payment was made by ${result.payerAccount ?? 'an unnamed party'}, not by Tuzo's B2C shortcode ${shortcode}`;
  }
  return null;
}
