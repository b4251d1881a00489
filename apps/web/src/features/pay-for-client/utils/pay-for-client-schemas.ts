import { ConfirmPayForClientPayloadSchema, PayForClientPayloadSchema, type ConfirmPayForClientData } from '@tuzo/contracts';
import { z } from 'zod';
import { translate } from '@/i18n';
import { readTypedAmountMinor, toMinor } from '@/lib/money';
import { payForClientTexts } from '../texts';

/** Step 1 is the contract's payload itself (spec: 'Username must be at least 3 characters'). */
export const ClientUsernameFormSchema = ConfirmPayForClientPayloadSchema;
export type ClientUsernameForm = z.infer<typeof ClientUsernameFormSchema>;

/** The payer's wallets; `label` and `insufficient` name texts in payForClientTexts. */
export const PAY_WALLETS = [
  { value: '1', label: 'walletJumbo', balanceField: 'balance', insufficient: 'insufficientJumbo' },
  { value: '2', label: 'walletDeposit', balanceField: 'deposit', insufficient: 'insufficientDeposit' },
] as const;

export interface PayAmountFormValues {
  acc: string;
  amount: string;
}

/** Step 2 rules (spec part 2, section 5); the balances arrive as text and are read without thousands separators. */
export function buildPayAmountSchema(balances: Pick<ConfirmPayForClientData, 'balance' | 'deposit'>) {
  // Read when the form validates, so a language switched meanwhile is followed.
  const message = (key: keyof typeof payForClientTexts.en) => translate(payForClientTexts, key);
  return z.object({ acc: z.string(), amount: z.string() }).superRefine((value, ctx) => {
    // The wallet codes are the contract's; its message ('Please select a wallet') is said in the member's language.
    const acc = PayForClientPayloadSchema.shape.acc.safeParse(value.acc);
    if (!acc.success) ctx.addIssue({ code: 'custom', message: message('walletRequired'), path: ['acc'] });
    const wallet = PAY_WALLETS.find((item) => acc.success && item.value === acc.data);
    const text = value.amount.trim();
    // A negative number is a number, just not above 0.
    if (/^-\d+(\.\d+)?$/.test(text))
      return void ctx.addIssue({ code: 'custom', message: message('amountNotPositive'), path: ['amount'] });
    const amountMinor = readTypedAmountMinor(text);
    if (amountMinor === null) return void ctx.addIssue({ code: 'custom', message: message('notANumber'), path: ['amount'] });
    if (amountMinor <= 0n) return void ctx.addIssue({ code: 'custom', message: message('amountNotPositive'), path: ['amount'] });
    if (wallet && amountMinor > (toMinor(balances[wallet.balanceField]) ?? 0n)) {
      ctx.addIssue({ code: 'custom', message: message(wallet.insufficient), path: ['amount'] });
    }
  });
}
