import {
  ConfirmPayForClientPayloadSchema,
  PAY_FOR_CLIENT_MESSAGES,
  PayForClientPayloadSchema,
  type ConfirmPayForClientData,
} from '@tuzo/contracts';
import { z } from 'zod';
import { readTypedAmountMinor, toMinor } from '@/lib/money';

/** Step 1 is the contract's payload itself (spec: 'Username must be at least 3 characters'). */
export const ClientUsernameFormSchema = ConfirmPayForClientPayloadSchema;
export type ClientUsernameForm = z.infer<typeof ClientUsernameFormSchema>;

export const PAY_WALLETS = [
  { value: '1', label: 'Jumbo Wallet', balanceField: 'balance', insufficient: PAY_FOR_CLIENT_MESSAGES.insufficient.balance },
  { value: '2', label: 'Deposit Wallet', balanceField: 'deposit', insufficient: PAY_FOR_CLIENT_MESSAGES.insufficient.deposit },
] as const;

export interface PayAmountFormValues {
  acc: string;
  amount: string;
}

/** Step 2 rules (spec part 2, section 5); the balances arrive as text and are read without thousands separators. */
export function buildPayAmountSchema(balances: Pick<ConfirmPayForClientData, 'balance' | 'deposit'>) {
  return z.object({ acc: z.string(), amount: z.string() }).superRefine((value, ctx) => {
    // The wallet codes and their message are the contract's.
    const acc = PayForClientPayloadSchema.shape.acc.safeParse(value.acc);
    if (!acc.success)
      ctx.addIssue({ code: 'custom', message: acc.error.issues[0]?.message ?? 'Please select a wallet', path: ['acc'] });
    const wallet = PAY_WALLETS.find((item) => acc.success && item.value === acc.data);
    const text = value.amount.trim();
    // A negative number is a number, just not above 0.
    if (/^-\d+(\.\d+)?$/.test(text))
      return void ctx.addIssue({ code: 'custom', message: 'Amount must be greater than 0', path: ['amount'] });
    const amountMinor = readTypedAmountMinor(text);
    if (amountMinor === null) return void ctx.addIssue({ code: 'custom', message: 'Amount must be a number', path: ['amount'] });
    if (amountMinor <= 0n)
      return void ctx.addIssue({ code: 'custom', message: 'Amount must be greater than 0', path: ['amount'] });
    if (wallet && amountMinor > (toMinor(balances[wallet.balanceField]) ?? 0n)) {
      ctx.addIssue({ code: 'custom', message: wallet.insufficient, path: ['amount'] });
    }
  });
}
