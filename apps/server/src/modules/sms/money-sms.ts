import { formatMinorGrouped, systemToLocalMinor } from '@tuzo/contracts';
import type { SmsEvent, WalletKey } from './sms-templates.ts';

/** The money events' SMS, built from the rows their modules hold (amounts in the member's currency, grouped). */

/** "KES 1,000.00": an amount as the SMS texts write it. */
export function smsAmount(currency: string, minor: bigint): string {
  return `${currency} ${formatMinorGrouped(minor)}`;
}

export function activationSms(input: { currency: string; feeLocalMinor: bigint }): SmsEvent {
  return { kind: 'account_activated', params: { fee: smsAmount(input.currency, input.feeLocalMinor) } };
}

/** The upline's commission in their own currency: as set when it is the activating member's, else converted. */
export function commissionSms(input: {
  upline: { currency: string; rateMicro: bigint };
  member: { currency: string; username: string };
  level: 1 | 2 | 3;
  localMinor: bigint;
  systemMinor: bigint;
}): SmsEvent {
  const isSameCurrency = input.upline.currency === input.member.currency;
  const earnedMinor = isSameCurrency ? input.localMinor : systemToLocalMinor(input.systemMinor, input.upline.rateMicro);
  const amount = smsAmount(input.upline.currency, earnedMinor);
  return { kind: 'commission_earned', params: { amount, level: input.level, username: input.member.username } };
}

/** A settled withdrawal: paid (with the phone and receipt when a provider paid it), or not, amount and charge back. */
export function withdrawalSms(
  withdrawal: { currency: string; amountLocalMinor: bigint; feeLocalMinor: bigint; wallet: WalletKey },
  outcome: { isPaid: boolean; phone?: string | null; receipt?: string | null },
): SmsEvent {
  const amount = smsAmount(withdrawal.currency, withdrawal.amountLocalMinor);
  if (outcome.isPaid) {
    const phone = outcome.phone ? (outcome.phone.startsWith('+') ? outcome.phone : `+${outcome.phone}`) : null;
    return { kind: 'withdrawal_paid', params: { amount, phone, receipt: outcome.receipt ?? null } };
  }
  const refunded = smsAmount(withdrawal.currency, withdrawal.amountLocalMinor + withdrawal.feeLocalMinor);
  return { kind: 'withdrawal_failed', params: { amount, refunded, wallet: withdrawal.wallet } };
}
