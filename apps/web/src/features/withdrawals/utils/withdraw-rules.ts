import {
  minimumWithdrawalApplies,
  tariffFeeMinor,
  WithdrawAccountSchema,
  type Fee,
  type TariffBracketMinor,
  type UserData,
  type WithdrawAccount,
} from '@tuzo/contracts';
import { z } from 'zod';
import { translate } from '@/i18n';
import { readTypedAmountMinor, toMinor, toPlainAmount } from '@/lib/money';
import { withdrawalsTexts } from '../texts';

export const JUMBO_ACCOUNT: WithdrawAccount = '1';

/** The wallets a member may withdraw from (spec part 2, section 9), with the balance field of each. */
export const WITHDRAW_ACCOUNT_OPTIONS = [
  { value: '1', label: 'walletJumbo', balanceField: 'balance' },
  { value: '3', label: 'walletYoutube', balanceField: 'youtube' },
  { value: '4', label: 'walletTiktok', balanceField: 'tiktok' },
  { value: '5', label: 'walletAds', balanceField: 'ads' },
] as const satisfies ReadonlyArray<{
  value: WithdrawAccount;
  /** The wallet's name in withdrawalsTexts. */
  label: keyof typeof withdrawalsTexts.en;
  balanceField: keyof UserData['balances'];
}>;

export function toTariffBrackets(fee: Fee): TariffBracketMinor[] {
  return fee.tariff.flatMap((row) => {
    const minMinor = toMinor(row.min_brackets);
    const maxMinor = toMinor(row.max_brackets);
    const tariffMinor = toMinor(row.tariff);
    return minMinor === null || maxMinor === null || tariffMinor === null ? [] : [{ minMinor, maxMinor, tariffMinor }];
  });
}

/** The charge of a withdrawal: only the Jumbo wallet is charged, by the tariff bracket of the amount. */
export function chargeMinor(options: { acc: string; amountMinor: bigint; brackets: readonly TariffBracketMinor[] }): bigint {
  return options.acc === JUMBO_ACCOUNT ? tariffFeeMinor(options.amountMinor, options.brackets) : 0n;
}

export function walletBalanceMinor(user: UserData, acc: string): bigint | null {
  const option = WITHDRAW_ACCOUNT_OPTIONS.find((item) => item.value === acc);
  return option ? toMinor(user.balances[option.balanceField]) : null;
}

export interface WithdrawFormValues {
  acc: string;
  amount: string;
}

/** The wallet code the contract accepts, or null (the contract's rule, so the form and the server agree). */
function readAccount(acc: string): WithdrawAccount | null {
  const parsed = WithdrawAccountSchema.safeParse(acc);
  return parsed.success ? parsed.data : null;
}

/**
 * The Withdraw Funds form rules of spec part 2, section 5, with the spec's messages word for word. The wallet codes
 * and the minimum-withdrawal rule (Jumbo only) come from the contracts, which the server asks too.
 */
export function buildWithdrawFormSchema(user: UserData) {
  const brackets = toTariffBrackets(user.fee);
  const minWithMinor = toMinor(user.fee.min_with) ?? 0n;
  const minimum = { currency: user.userdetails.ccurrency, minimum: toPlainAmount(user.fee.min_with) ?? user.fee.min_with };
  // Read when the form validates, so a language switched meanwhile is followed.
  const text = (key: keyof typeof withdrawalsTexts.en) => translate(withdrawalsTexts, key);
  return z.object({ acc: z.string(), amount: z.string() }).superRefine((value, ctx) => {
    const acc = readAccount(value.acc);
    if (acc === null) ctx.addIssue({ code: 'custom', message: text('accountRequired'), path: ['acc'] });
    const typed = value.amount.trim();
    if (typed === '') return void ctx.addIssue({ code: 'custom', message: text('amountRequired'), path: ['amount'] });
    const amountMinor = readTypedAmountMinor(typed);
    if (amountMinor === null) return void ctx.addIssue({ code: 'custom', message: text('notANumber'), path: ['amount'] });
    if (amountMinor <= 0n) return void ctx.addIssue({ code: 'custom', message: text('amountNotPositive'), path: ['amount'] });
    if (acc === null) return;
    if (minimumWithdrawalApplies(acc) && amountMinor < minWithMinor) {
      return void ctx.addIssue({ code: 'custom', message: translate(withdrawalsTexts, 'minimum', minimum), path: ['amount'] });
    }
    const balance = walletBalanceMinor(user, acc);
    if (balance !== null && amountMinor + chargeMinor({ acc, amountMinor, brackets }) > balance) {
      ctx.addIssue({ code: 'custom', message: text('exceedsBalance'), path: ['amount'] });
    }
  });
}
