import { z } from 'zod';
import { PagedPayloadSchema, pagedAnswer, pagedPayload } from './common.ts';
import { BigIdSchema } from './primitives.ts';
import { AmountSchema, MoneyStringSchema } from './money-schemas.ts';
import { MemberWalletSchema, SignedAmountSchema } from './wallets.ts';
import { WithdrawalStatusSchema } from './withdrawals.ts';
import { PayoutStateSchema, PayoutSummarySchema } from './payouts.ts';

const UsernameSchema = z.string({ error: 'username is required' }).trim().min(1, 'username is required').max(40);
const IdSchema = BigIdSchema;

export const AdminWithdrawalsPayloadSchema = z.object({
  status: WithdrawalStatusSchema.optional(),
  ...pagedPayload(),
});
export type AdminWithdrawalsPayload = z.infer<typeof AdminWithdrawalsPayloadSchema>;

export const AdminWithdrawalRowSchema = z.object({
  id: z.string(),
  username: z.string(),
  /** Where the payout goes: the phone recorded when the member asked (decision 045). */
  phone: z.string(),
  /** The member's phone now (differs from `phone` after a change; absent from older answers). */
  member_phone: z.string().optional(),
  wallet: z.string(),
  amount: MoneyStringSchema,
  fee: MoneyStringSchema,
  currency: z.string(),
  amount_system: MoneyStringSchema,
  fee_system: MoneyStringSchema,
  status: WithdrawalStatusSchema,
  created_at: z.string(),
  decided_at: z.string().nullable(),
  decided_by: z.string().nullable(),
  /**
   * The state of the payout on its way for a pending withdrawal (approved, sent, unknown), else null: approving or
   * declining it is refused while it is being paid, so the desk shows this instead (absent from older answers).
   */
  payout_state: PayoutStateSchema.nullable().optional(),
});
export const AdminWithdrawalsDataSchema = pagedAnswer(AdminWithdrawalRowSchema);
export type AdminWithdrawalsData = z.infer<typeof AdminWithdrawalsDataSchema>;

/** `updatetrans`: value 2 completes a pending withdrawal, 1 declines it (refunded in full, fee included). */
export const UpdateTransPayloadSchema = z.object({
  tid: IdSchema,
  value: z.preprocess(
    (value) => (typeof value === 'number' ? String(value) : (value ?? '')),
    z.enum(['1', '2'], { error: 'value must be 2 (complete) or 1 (decline)' }),
  ),
});
export type UpdateTransPayload = z.infer<typeof UpdateTransPayloadSchema>;

export const AdminReviewCodesPayloadSchema = PagedPayloadSchema;

/** One pending manual deposit code, oldest first. */
export const AdminReviewCodeRowSchema = z.object({
  id: z.string(),
  username: z.string(),
  phone: z.string(),
  ref_code: z.string(),
  amount: MoneyStringSchema.nullable(),
  currency: z.string(),
  created_at: z.string(),
});
export const AdminReviewCodesDataSchema = pagedAnswer(AdminReviewCodeRowSchema);
export type AdminReviewCodesData = z.infer<typeof AdminReviewCodesDataSchema>;

/**
 * `adminresolvecode`: approve (credit) or reject a queued code. Without `amount`, approving credits the provider's
 * amount of the payment notification that matches the code (support may do this); with `amount` (the member's
 * currency, typed by hand) it is an operator action under the four-eyes rule. Nobody resolves a code they submitted.
 */
export const AdminResolveCodePayloadSchema = z.object({
  id: IdSchema,
  approve: z.boolean({ error: 'approve must be true or false' }),
  /** Amount to credit typed by hand, in the member's currency (operators only); the provider's amount wins when a notification matches. */
  amount: z.preprocess((value) => (value === '' || value === null ? undefined : value), AmountSchema.optional()),
  note: z.string().trim().max(500).optional(),
});
export type AdminResolveCodePayload = z.infer<typeof AdminResolveCodePayloadSchema>;

/** `adminadjust`: amount in the system currency, signed; a reason is required and audited. */
export const AdminAdjustPayloadSchema = z.object({
  username: UsernameSchema,
  wallet: MemberWalletSchema,
  amount: SignedAmountSchema,
  reason: z.string({ error: 'A reason is required' }).trim().min(3, 'A reason is required').max(500),
});
export type AdminAdjustPayload = z.infer<typeof AdminAdjustPayloadSchema>;

export const AdminMemberPayloadSchema = z.object({ username: UsernameSchema, reason: z.string().trim().max(500).optional() });
export type AdminMemberPayload = z.infer<typeof AdminMemberPayloadSchema>;

/**
 * `updatetrans`: the withdrawal and its new status ('2' completed, '1' declined and refunded; '0' while the payout an
 * approval started is on its way, see `payout`).
 */
export const UpdateTransDataSchema = z.object({
  id: z.string(),
  status: z.enum(['0', '1', '2']),
  payout: PayoutSummarySchema.nullable().optional(),
});
export type UpdateTransData = z.infer<typeof UpdateTransDataSchema>;

/** `adminadjust`: the wallet's balance after the adjustment (system currency) and the ledger transaction. */
export const AdminAdjustDataSchema = z.object({
  username: z.string(),
  wallet: MemberWalletSchema,
  balance: MoneyStringSchema,
  transaction_id: z.string(),
  duplicate: z.boolean(),
});
export type AdminAdjustData = z.infer<typeof AdminAdjustDataSchema>;

/** `admindeactivate`: how many upline commissions were reversed by ledger entries. */
export const AdminDeactivateDataSchema = z.object({ username: z.string(), commissions_reversed: z.number().int().min(0).max(3) });
export type AdminDeactivateData = z.infer<typeof AdminDeactivateDataSchema>;

/** `adminresolvecode`: credited (with the deposit and its system amount) or rejected. */
export const AdminResolveCodeDataSchema = z.object({
  status: z.enum(['credited', 'rejected']),
  deposit_id: z.string().nullable(),
  amount_system: MoneyStringSchema.nullable(),
});
export type AdminResolveCodeData = z.infer<typeof AdminResolveCodeDataSchema>;
