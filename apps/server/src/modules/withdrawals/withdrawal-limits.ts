import {
  formatMinorGrouped,
  parseAmountToMinor,
  PAYOUT_PROVIDER_LABELS,
  type PayoutMethod,
  type PayoutProvider,
  type SettingValue,
} from '@tuzo/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { operatorDay } from '../../lib/clock.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { parseSettings, readSettings } from '../settings/index.ts';
import { selectPayee, sumMemberPayoutsOnDay } from './withdrawals.repository.ts';

/** Where a member's withdrawals are paid and how: the method set for their country, their phone and currency. */
export interface Payee {
  method: PayoutMethod;
  /** International digits, no "+": what the provider is given. */
  msisdn: string;
  phone: string;
  currency: string;
}

export async function loadPayee(deps: Pick<AppDeps, 'db'>, memberId: bigint, db: DbOrTx = deps.db): Promise<Payee> {
  const payee = await selectPayee(db, memberId);
  if (!payee) throw new AppError('NOT_FOUND', 'Member not found');
  const { 'payouts.providers': providers } = await readSettings(db, ['payouts.providers']);
  return payeeOf(payee, providers);
}

/** The payee from facts already read (the member's phone, country and currency, the setting `payouts.providers`). */
function payeeOf(
  payee: { phone: string; abbreviation: string; currency: string },
  providers: SettingValue<'payouts.providers'>,
): Payee {
  return {
    method: providers[payee.abbreviation] ?? 'manual',
    msisdn: payee.phone.replace(/^\+/, ''),
    phone: payee.phone,
    currency: payee.currency,
  };
}

function limitMinor(text: string): bigint {
  const minor = parseAmountToMinor(text);
  if (minor === null) throw new Error(`A payout limit passed its schema but is not an amount: ${text}`);
  return minor;
}

/**
 * The provider's rules for one payment, checked when the member asks (so a withdrawal the provider cannot pay is
 * refused at once, with the reason) and again before a payout is sent (the day's total, and settings may have
 * changed). Amounts are in the currency paid. `day` adds the member's daily total.
 */
export async function assertPayable(
  deps: Pick<AppDeps, 'db' | 'config' | 'clock'>,
  input: { provider: PayoutProvider; memberId: bigint; amountMinor: bigint; currency: string; checkDay: boolean },
  db: DbOrTx = deps.db,
): Promise<void> {
  const { 'payouts.limits': limits } = await readSettings(db, ['payouts.limits']);
  checkPaymentLimits(limits, input);
  if (!input.checkDay) return;
  const limit = limits[input.provider];
  const label = PAYOUT_PROVIDER_LABELS[input.provider];
  const money = (minor: bigint) => `${input.currency} ${formatMinorGrouped(minor)}`;
  const perDay = limitMinor(limit.perDay);
  const today = await sumMemberPayoutsOnDay(db, {
    memberId: input.memberId,
    provider: input.provider,
    day: operatorDay(deps.clock.now(), deps.config.TUZO_TIMEZONE),
    timeZone: deps.config.TUZO_TIMEZONE,
  });
  if (today + input.amountMinor > perDay) {
    throw new AppError(
      'LIMIT_NOT_MET',
      `${label} pays at most ${money(perDay)} a day to one member; ${money(today)} is already paid or on its way today. Approve it tomorrow.`,
    );
  }
}

/** The provider's rules for one payment that need no more facts than the setting `payouts.limits` (no day total). */
function checkPaymentLimits(
  limits: SettingValue<'payouts.limits'>,
  input: { provider: PayoutProvider; amountMinor: bigint; currency: string },
): void {
  const limit = limits[input.provider];
  const label = PAYOUT_PROVIDER_LABELS[input.provider];
  const money = (minor: bigint) => `${input.currency} ${formatMinorGrouped(minor)}`;
  if (input.provider === 'mpesa_b2c') {
    if (input.currency !== 'KES')
      throw new AppError('LIMIT_NOT_MET', `${label} pays in KES only; ask support to pay you another way`);
    if (input.amountMinor % 100n !== 0n)
      throw new AppError('LIMIT_NOT_MET', 'M-Pesa pays whole shillings only. Enter an amount without cents, for example 500.');
  }
  const minimum = limitMinor(limit.minimum);
  const perPayment = limitMinor(limit.perPayment);
  if (input.amountMinor < minimum) throw new AppError('LIMIT_NOT_MET', `The smallest ${label} payout is ${money(minimum)}`);
  if (input.amountMinor > perPayment)
    throw new AppError('LIMIT_NOT_MET', `The largest ${label} payout is ${money(perPayment)}; withdraw a smaller amount`);
}

/** The settings a withdrawal request's provider check reads. */
export const PAYABLE_SETTING_KEYS = ['payouts.providers', 'payouts.limits'] as const;

/**
 * At request time: a withdrawal the member's payout provider cannot pay (cents for M-Pesa, below its minimum, above
 * its largest payment) is refused at once with the reason, instead of failing after approval. Countries paid by hand
 * have no provider limits. Judged on the reference copy's settings (no round trip of its own).
 */
export function checkWithdrawalPayable(
  facts: { abbreviation: string; stored: Record<string, unknown> },
  input: { amountMinor: bigint; currency: string },
): void {
  const settings = parseSettings(PAYABLE_SETTING_KEYS, facts.stored);
  const method = settings['payouts.providers'][facts.abbreviation] ?? 'manual';
  if (method === 'manual') return;
  checkPaymentLimits(settings['payouts.limits'], { provider: method, ...input });
}
