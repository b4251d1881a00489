import { z } from 'zod';
import { minorAmountText, pagedAnswer, pagedPayload } from './common.ts';
import { MoneyStringSchema } from './money-schemas.ts';
import { PayoutSummarySchema } from './payouts.ts';
import { bigId } from './primitives.ts';

/**
 * Payout risk flags and auto-pay rules (docs/money.md "Payouts: risk flags and auto-pay",
 * docs/decisions/035-risk-flags-and-auto-pay.md). A flag holds a withdrawal for a human: it is not approved or paid
 * (by an operator or by auto-pay) until every flag on it is cleared with a note.
 */

/** Why a withdrawal is held. */
export const PAYOUT_FLAG_KINDS = [
  'shared_phone',
  'shared_name',
  'daily_count',
  'after_adjustment',
  'after_upline_change',
  'after_phone_change',
  // The member is in an open multi-account cluster (decision 062): only the cluster's decision clears it.
  'cluster',
] as const;
export const PayoutFlagKindSchema = z.enum(PAYOUT_FLAG_KINDS);
export type PayoutFlagKind = z.infer<typeof PayoutFlagKindSchema>;

export const PAYOUT_FLAG_LABELS: Record<PayoutFlagKind, string> = {
  shared_phone: 'Phone of another member',
  shared_name: 'M-Pesa name paid to another member',
  daily_count: 'Many withdrawals today',
  after_adjustment: 'Right after a large adjustment',
  after_upline_change: 'Right after an upline change',
  after_phone_change: 'Phone changed after the request',
  cluster: 'Accounts in an open cluster',
};

const SettingAmountSchema = minorAmountText('Enter an amount such as 100.00', { trim: false });
const hours = (what: string) =>
  z
    .number({ error: `${what} must be a whole number of hours` })
    .int(`${what} must be a whole number of hours`)
    .min(0)
    .max(24 * 90);

/**
 * Setting `payouts.risk`: when a withdrawal is flagged. A withdrawal is flagged when it is the member's
 * `max_withdrawals_per_day`+1-th of the operator day, or comes within `adjustment_window_hours` of an adjustment
 * crediting at least `large_adjustment` (system currency), or within `upline_change_window_hours` of the member's
 * upline change. A window of 0 turns that check off. The phone and name checks are always on.
 */
export const PayoutRiskSettingsSchema = z.object({
  max_withdrawals_per_day: z.number({ error: 'Enter a whole number' }).int().min(1).max(1000),
  large_adjustment: SettingAmountSchema,
  adjustment_window_hours: hours('The adjustment window'),
  upline_change_window_hours: hours('The upline change window'),
});
export type PayoutRiskSettings = z.infer<typeof PayoutRiskSettingsSchema>;
export const DEFAULT_PAYOUT_RISK_SETTINGS: PayoutRiskSettings = {
  max_withdrawals_per_day: 3,
  large_adjustment: '5000.00',
  adjustment_window_hours: 48,
  upline_change_window_hours: 72,
};

/**
 * Setting `payouts.auto_pay`: off by default. When on, a withdrawal is approved and paid with no operator when its
 * amount (system currency) is below `below_amount` (and never above the four-eyes threshold), the member has been
 * active for more than `min_active_days`, fewer than `max_per_day` of the member's payouts were started today, the
 * member's country is paid through a provider, and no risk flag on it is open.
 */
export const PayoutAutoPaySettingsSchema = z.object({
  enabled: z.boolean({ error: 'enabled must be true or false' }),
  below_amount: SettingAmountSchema,
  min_active_days: z.number({ error: 'Enter a whole number of days' }).int().min(0).max(3650),
  max_per_day: z.number({ error: 'Enter a whole number' }).int().min(1).max(100),
});
export type PayoutAutoPaySettings = z.infer<typeof PayoutAutoPaySettingsSchema>;
export const DEFAULT_PAYOUT_AUTO_PAY_SETTINGS: PayoutAutoPaySettings = {
  enabled: false,
  below_amount: '1000.00',
  min_active_days: 30,
  max_per_day: 1,
};

/** `adminpayoutflags`: the flags, open ones oldest first or cleared ones newest first; optionally one withdrawal's. */
export const AdminPayoutFlagsPayloadSchema = z.object({
  view: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.enum(['open', 'cleared'], { error: 'view must be open or cleared' }).default('open'),
  ),
  withdrawal_id: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    bigId('withdrawal_id must be a withdrawal id').optional(),
  ),
  ...pagedPayload(),
});
export type AdminPayoutFlagsPayload = z.infer<typeof AdminPayoutFlagsPayloadSchema>;

export const AdminPayoutFlagRowSchema = z.object({
  id: z.string(),
  kind: PayoutFlagKindSchema,
  /** Why, in full: which other member, which name, how many withdrawals, which adjustment or change. */
  reason: z.string(),
  withdrawal_id: z.string(),
  username: z.string(),
  /** The withdrawal's amount in the member's currency, and that currency. */
  amount: MoneyStringSchema,
  currency: z.string(),
  /** The withdrawal's spec status: '0' pending, '1' declined, '2' completed. */
  withdrawal_status: z.enum(['0', '1', '2']),
  raised_at: z.string(),
  cleared_at: z.string().nullable(),
  cleared_by: z.string().nullable(),
  note: z.string().nullable(),
});
export type AdminPayoutFlagRow = z.infer<typeof AdminPayoutFlagRowSchema>;
export const AdminPayoutFlagsDataSchema = pagedAnswer(AdminPayoutFlagRowSchema);
export type AdminPayoutFlagsData = z.infer<typeof AdminPayoutFlagsDataSchema>;

/** `adminclearpayoutflag`: an operator clears one flag with a note (audited). */
export const AdminClearPayoutFlagPayloadSchema = z.object({
  id: bigId('A valid flag id is required'),
  note: z
    .string({ error: 'A note is required: say why this payout is safe' })
    .trim()
    .min(3, 'A note is required: say why this payout is safe')
    .max(500, 'The note is at most 500 characters'),
});
export type AdminClearPayoutFlagPayload = z.infer<typeof AdminClearPayoutFlagPayloadSchema>;

/**
 * What clearing led to: `held` (other flags on the withdrawal are still open), `auto_paid` (auto-pay approved it and
 * its payout started: see `payout`), `awaiting_approval` (pending, for an operator to approve), `closed` (the
 * withdrawal was already decided).
 */
export const AdminClearPayoutFlagDataSchema = z.object({
  id: z.string(),
  withdrawal_id: z.string(),
  open_flags: z.number().int(),
  next: z.enum(['held', 'auto_paid', 'awaiting_approval', 'closed']),
  payout: PayoutSummarySchema.nullable(),
});
export type AdminClearPayoutFlagData = z.infer<typeof AdminClearPayoutFlagDataSchema>;
