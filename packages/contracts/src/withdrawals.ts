import { z } from 'zod';
import { MoneyStringSchema } from './money-schemas.ts';
import { RequiredAmountSchema } from './wallets.ts';

/** Spec part 2 section 9: '1' Jumbo, '3' YouTube, '4' TikTok, '5' Ads. */
export const WITHDRAW_ACCOUNTS = { '1': 'balance', '3': 'youtube', '4': 'tiktok', '5': 'ads' } as const;
export type WithdrawAccount = keyof typeof WITHDRAW_ACCOUNTS;

const SELECT_ACCOUNT = 'Please select an account';

/** The wallet code; a number is accepted and read as its string (the client sends a string). */
export const WithdrawAccountSchema = z.preprocess(
  (value) => (typeof value === 'number' ? String(value) : (value ?? '')),
  z.enum(['1', '3', '4', '5'], { error: SELECT_ACCOUNT }),
);

/** `systemwithdrawal`: the amount is what the member receives, in their currency; the charge comes on top. */
export const WithdrawPayloadSchema = z.object({
  acc: WithdrawAccountSchema,
  amount: RequiredAmountSchema,
});
export type WithdrawPayload = z.infer<typeof WithdrawPayloadSchema>;

/** 0 pending, 1 declined (refunded in full), 2 completed. */
export const WithdrawalStatusSchema = z.enum(['0', '1', '2']);
export type WithdrawalStatus = z.infer<typeof WithdrawalStatusSchema>;

export const WithdrawDataSchema = z.object({
  id: z.string(),
  amount: MoneyStringSchema,
  charges: MoneyStringSchema,
  total: MoneyStringSchema,
  currency: z.string(),
  status: WithdrawalStatusSchema,
});
export type WithdrawData = z.infer<typeof WithdrawDataSchema>;

/** One row of `withdrawalhistory`, newest first; Date YYYY-MM-DD and Time HH:mm in the operator's time zone. */
export const WithdrawalHistoryRowSchema = z.object({
  No: z.number().int(),
  Amount: MoneyStringSchema,
  Charges: MoneyStringSchema,
  Status: WithdrawalStatusSchema,
  Date: z.string(),
  Time: z.string(),
  /** Added by payouts: the M-Pesa (or transfer) receipt of a paid withdrawal, else null. */
  Receipt: z.string().nullable(),
  /** Added by payouts: why a payout failed and the money came back, in plain words, else null. */
  Reason: z.string().nullable(),
});
export type WithdrawalHistoryRow = z.infer<typeof WithdrawalHistoryRowSchema>;
export const WithdrawalHistoryDataSchema = z.array(WithdrawalHistoryRowSchema);

export const WITHDRAWAL_MESSAGES = {
  selectAccount: SELECT_ACCOUNT,
  exceedsBalance: 'Amount exceeds available balance please consider Withdrawal Charges',
  accepted: 'Withdrawal request received. It will be processed shortly.',
  noHistory: 'No withdrawal history found',
} as const;

/**
 * The minimum withdrawal (`min_with`) applies to the Jumbo wallet only, as the spec's form says (part 2, section
 * "Validation", Withdrawal). The YouTube, TikTok and Ads wallets are governed by the `task_wallet_unlock` setting
 * instead (docs/decisions/007). Server and web both ask this function.
 */
export function minimumWithdrawalApplies(acc: WithdrawAccount): boolean {
  return acc === '1';
}

export function minimumWithdrawalMessage(currency: string, minimum: string): string {
  return `Minimum withdrawal amount is ${currency} ${minimum}`;
}
