import { z } from 'zod';
import { MoneyStringSchema } from './money-schemas.ts';
import { RequiredAmountSchema } from './wallets.ts';

const ClientUsernameSchema = z
  .string({ error: 'Username must be at least 3 characters' })
  .trim()
  .min(3, 'Username must be at least 3 characters')
  .max(40, 'Client not found in your team');

export const ConfirmPayForClientPayloadSchema = z.object({ reusername: ClientUsernameSchema });
export type ConfirmPayForClientPayload = z.infer<typeof ConfirmPayForClientPayloadSchema>;

/** The payer's Jumbo and Deposit balances and the client's missing activation amount, all in the payer's currency. */
export const ConfirmPayForClientDataSchema = z.object({
  username: z.string(),
  balance: MoneyStringSchema,
  deposit: MoneyStringSchema,
  missing: MoneyStringSchema,
  currency: z.string(),
});
export type ConfirmPayForClientData = z.infer<typeof ConfirmPayForClientDataSchema>;

/** '1' Jumbo, '2' Deposit. */
export const PAY_FOR_CLIENT_WALLETS = { '1': 'balance', '2': 'deposit' } as const;

export const PayForClientPayloadSchema = z.object({
  acc: z.preprocess(
    (value) => (typeof value === 'number' ? String(value) : (value ?? '')),
    z.enum(['1', '2'], { error: 'Please select a wallet' }),
  ),
  reusername: ClientUsernameSchema,
  amount: RequiredAmountSchema,
});
export type PayForClientPayload = z.infer<typeof PayForClientPayloadSchema>;

export const PayForClientDataSchema = z.object({
  id: z.string(),
  username: z.string(),
  amount: MoneyStringSchema,
  currency: z.string(),
  wallet: z.enum(['Jumbo', 'Deposit']),
});
export type PayForClientData = z.infer<typeof PayForClientDataSchema>;

/** One row of `populatepayfroclient` (the spec's spelling): both directions, newest first. */
export const TransferHistoryRowSchema = z.object({
  Username: z.string(),
  Amount: MoneyStringSchema,
  Wallet: z.enum(['Jumbo', 'Deposit']),
  Status: z.enum(['0', '1', '2']),
  Date: z.string(),
  Direction: z.enum(['sent', 'received']),
});
export type TransferHistoryRow = z.infer<typeof TransferHistoryRowSchema>;
export const TransferHistoryDataSchema = z.array(TransferHistoryRowSchema);

export const PAY_FOR_CLIENT_MESSAGES = {
  verified: 'Client verified successfully',
  notFound: 'Client not found in your team',
  alreadyActive: 'This client is already active',
  suspended: "This client's account is suspended",
  paid: 'Payment successful',
  insufficient: { balance: 'Insufficient balance in Jumbo Wallet', deposit: 'Insufficient balance in Deposit Wallet' },
  noHistory: 'No transfer history found',
} as const;
