import {
  minimumWithdrawalApplies,
  minimumWithdrawalMessage,
  tariffFeeMinor,
  WithdrawAccountSchema,
  WITHDRAWAL_MESSAGES,
  type Fee,
  type TariffBracketMinor,
  type UserData,
  type WithdrawAccount,
} from '@tuzo/contracts';
import { z } from 'zod';
import { readTypedAmountMinor, toMinor, toPlainAmount } from '@/lib/money';

export const JUMBO_ACCOUNT: WithdrawAccount = '1';

/** The wallets a member may withdraw from (spec part 2, section 9), with the balance field of each. */
export const WITHDRAW_ACCOUNT_OPTIONS = [
  { value: '1', label: 'Jumbo', balanceField: 'balance' },
  { value: '3', label: 'YouTube', balanceField: 'youtube' },
  { value: '4', label: 'TikTok', balanceField: 'tiktok' },
  { value: '5', label: 'Ads', balanceField: 'ads' },
] as const satisfies ReadonlyArray<{ value: WithdrawAccount; label: string; balanceField: keyof UserData['balances'] }>;

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
  const minimumText = minimumWithdrawalMessage(user.userdetails.ccurrency, toPlainAmount(user.fee.min_with) ?? user.fee.min_with);
  return z.object({ acc: z.string(), amount: z.string() }).superRefine((value, ctx) => {
    const acc = readAccount(value.acc);
    if (acc === null) ctx.addIssue({ code: 'custom', message: WITHDRAWAL_MESSAGES.selectAccount, path: ['acc'] });
    const text = value.amount.trim();
    if (text === '') return void ctx.addIssue({ code: 'custom', message: 'Amount is required', path: ['amount'] });
    const amountMinor = readTypedAmountMinor(text);
    if (amountMinor === null) return void ctx.addIssue({ code: 'custom', message: 'Must be a valid number', path: ['amount'] });
    if (amountMinor <= 0n)
      return void ctx.addIssue({ code: 'custom', message: 'Amount must be greater than 0', path: ['amount'] });
    if (acc === null) return;
    if (minimumWithdrawalApplies(acc) && amountMinor < minWithMinor) {
      return void ctx.addIssue({ code: 'custom', message: minimumText, path: ['amount'] });
    }
    const balance = walletBalanceMinor(user, acc);
    if (balance !== null && amountMinor + chargeMinor({ acc, amountMinor, brackets }) > balance) {
      ctx.addIssue({ code: 'custom', message: WITHDRAWAL_MESSAGES.exceedsBalance, path: ['amount'] });
    }
  });
}
