import { z } from 'zod';
import { optionalField as optional, pagedAnswer, pagedPayload } from './common.ts';
import { BigIdSchema, calendarDate, intId } from './primitives.ts';
import { AdminWithdrawalRowSchema } from './admin.ts';
import { EmailSchema } from './auth.ts';
import { AmountSchema, MoneyStringSchema } from './money-schemas.ts';
import { WithdrawalHoldDataSchema } from './phone-changes.ts';
import { MemberWalletSchema } from './wallets.ts';
import { WithdrawalStatusSchema } from './withdrawals.ts';

/**
 * The operator console's members and money screens (apps/web/src/features/admin-members, admin-money). Every list
 * takes `{ page, limit }` (limit 50 by default, at most 100) and answers `{ rows, page, limit, total }`.
 */
const UsernameSchema = z.string({ error: 'username is required' }).trim().min(1, 'username is required').max(40);
const ReasonSchema = z.string().trim().max(500).optional();
const DaySchema = calendarDate('Use a real date like 2026-01-31');
const IdSchema = BigIdSchema;
/** The member lists count at most MEMBER_TOTAL_CAP rows; `is_total_capped` says the total stopped there. */
const paged = <T extends z.ZodType>(row: T) => pagedAnswer(row, { is_total_capped: z.boolean() });

export const MEMBER_STATUSES = ['inactive', 'active', 'suspended'] as const;
export const MemberStatusSchema = z.enum(MEMBER_STATUSES, { error: 'status must be inactive, active or suspended' });
export type MemberStatus = z.infer<typeof MemberStatusSchema>;

/** Counting stops here: a total above it is shown as "10,000+" so a broad search never counts a million rows. */
export const MEMBER_TOTAL_CAP = 10_000;

/** `adminmembers`: search (username, phone or email, partial) and filters, newest first. */
export const AdminMembersPayloadSchema = z.object({
  q: optional(z.string().trim().max(100)),
  status: optional(MemberStatusSchema),
  country: optional(intId('Pick a country')),
  joined_from: optional(DaySchema),
  joined_to: optional(DaySchema),
  ...pagedPayload(),
});
export type AdminMembersPayload = z.infer<typeof AdminMembersPayloadSchema>;
/** The export takes the same filters without paging. */
export const AdminMembersFilterSchema = AdminMembersPayloadSchema.omit({ page: true, limit: true });
export type AdminMembersFilter = z.infer<typeof AdminMembersFilterSchema>;

export const AdminMemberRowSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  phone: z.string(),
  country: z.string(),
  status: MemberStatusSchema,
  joined_at: z.string(),
  activated_at: z.string().nullable(),
});
export type AdminMemberRow = z.infer<typeof AdminMemberRowSchema>;
export const AdminMembersDataSchema = paged(AdminMemberRowSchema);
export type AdminMembersData = z.infer<typeof AdminMembersDataSchema>;

/** `adminmember`: one member's page. Wallets are in the system currency. */
export const AdminMemberPagePayloadSchema = z.object({ username: UsernameSchema });
export const AdminMemberDataSchema = z.object({
  member: AdminMemberRowSchema.extend({
    role: z.string(),
    country_id: z.number().int(),
    currency: z.string(),
    uplines: z.array(z.object({ level: z.number().int(), username: z.string(), status: MemberStatusSchema })),
  }),
  wallets: z.object({
    balance: MoneyStringSchema,
    deposit: MoneyStringSchema,
    ads: MoneyStringSchema,
    youtube: MoneyStringSchema,
    tiktok: MoneyStringSchema,
  }),
  downlines: z.array(
    z.object({ level: z.number().int(), total: z.number().int(), active: z.number().int(), dormant: z.number().int() }),
  ),
  sessions: z.array(
    z.object({
      id: z.string(),
      created_at: z.string(),
      expires_at: z.string(),
      ip: z.string().nullable(),
      user_agent: z.string().nullable(),
    }),
  ),
  /** Withdrawals paused after a phone change (decision 045): until when, and a change waiting for its SMS code. */
  withdrawal_hold: WithdrawalHoldDataSchema.optional(),
});
export type AdminMemberData = z.infer<typeof AdminMemberDataSchema>;

export const MEMBER_HISTORIES = ['ledger', 'deposits', 'withdrawals', 'transfers'] as const;
export const MemberHistorySchema = z.enum(MEMBER_HISTORIES, { error: 'list must be ledger, deposits, withdrawals or transfers' });
export type MemberHistory = z.infer<typeof MemberHistorySchema>;

/** `adminmemberhistory`: one of the member's lists, newest first, paged. */
export const AdminMemberHistoryPayloadSchema = z.object({
  username: UsernameSchema,
  list: MemberHistorySchema,
  ...pagedPayload(),
});
export type AdminMemberHistoryPayload = z.infer<typeof AdminMemberHistoryPayloadSchema>;
/** One line of a history: `amount` is signed for the ledger (the member's side), in `currency`. */
export const AdminHistoryRowSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  kind: z.string(),
  amount: MoneyStringSchema,
  currency: z.string(),
  status: z.string(),
  detail: z.string(),
});
export type AdminHistoryRow = z.infer<typeof AdminHistoryRowSchema>;
export const AdminMemberHistoryDataSchema = paged(AdminHistoryRowSchema);
export type AdminMemberHistoryData = z.infer<typeof AdminMemberHistoryDataSchema>;

/** `adminupdatemember`: the fields to change (at least one). */
export const AdminUpdateMemberPayloadSchema = z
  .object({
    username: UsernameSchema,
    email: optional(EmailSchema),
    phone: optional(
      z
        .string()
        .trim()
        .regex(/^\+?\d{9,16}$/, 'Phone must be the dial code and number, digits only'),
    ),
    country_id: optional(intId('Pick a country')),
    reason: ReasonSchema,
  })
  .refine((value) => value.email !== undefined || value.phone !== undefined || value.country_id !== undefined, {
    message: 'Change at least one of email, phone or country',
  });
export type AdminUpdateMemberPayload = z.infer<typeof AdminUpdateMemberPayloadSchema>;

export const AdminMemberActionPayloadSchema = z.object({ username: UsernameSchema, reason: ReasonSchema });
export type AdminMemberActionPayload = z.infer<typeof AdminMemberActionPayloadSchema>;
/** Suspend, unsuspend, sign out everywhere, edit: the member's status after and the sessions ended. */
export const AdminMemberStateDataSchema = z.object({
  username: z.string(),
  status: MemberStatusSchema,
  sessions_ended: z.number().int(),
  /** `adminupdatemember` with a new phone: the four-eyes request that changes it (decision 045); null otherwise. */
  phone_approval_id: z.string().nullable().optional(),
});
export type AdminMemberStateData = z.infer<typeof AdminMemberStateDataSchema>;

/** `adminresetlink`: a one-time reset link was mailed (or logged when no mail server is set). */
export const AdminResetLinkDataSchema = z.object({ username: z.string(), email: z.string(), expires_at: z.string() });
export type AdminResetLinkData = z.infer<typeof AdminResetLinkDataSchema>;

/**
 * `adminchangeupline`: the new sponsor (level 1); levels 2 and 3 follow the sponsor's chain, and the member's downline
 * shifts with them. Paid commissions move by ledger entries (reversed from the old uplines, paid to the new ones).
 */
export const AdminChangeUplinePayloadSchema = z.object({
  username: UsernameSchema,
  upline: UsernameSchema,
  reason: ReasonSchema,
});
export type AdminChangeUplinePayload = z.infer<typeof AdminChangeUplinePayloadSchema>;
export const AdminChangeUplineDataSchema = z.object({
  username: z.string(),
  uplines: z.array(z.string()),
  members_moved: z.number().int(),
  activations_moved: z.number().int(),
  commissions_reversed: z.number().int(),
  commissions_paid: z.number().int(),
});
export type AdminChangeUplineData = z.infer<typeof AdminChangeUplineDataSchema>;

/** `admindeposit`: a manual deposit received outside the app, in the member's currency, with its reference. */
export const AdminDepositPayloadSchema = z.object({
  username: UsernameSchema,
  amount: AmountSchema,
  reference: z.string({ error: 'A reference is required' }).trim().min(3, 'A reference is required').max(60),
  reason: ReasonSchema,
});
export type AdminDepositPayload = z.infer<typeof AdminDepositPayloadSchema>;
export const AdminDepositDataSchema = z.object({
  deposit_id: z.string(),
  amount: MoneyStringSchema,
  currency: z.string(),
  amount_system: MoneyStringSchema,
  duplicate: z.boolean(),
});
export type AdminDepositData = z.infer<typeof AdminDepositDataSchema>;

// Money screens.

/** `adminwithdrawalqueue`: withdrawals with filters. */
export const AdminWithdrawalQueuePayloadSchema = z.object({
  status: optional(WithdrawalStatusSchema),
  username: optional(z.string().trim().max(40)),
  wallet: optional(MemberWalletSchema),
  from: optional(DaySchema),
  to: optional(DaySchema),
  ...pagedPayload(),
});
export type AdminWithdrawalQueuePayload = z.infer<typeof AdminWithdrawalQueuePayloadSchema>;
export const AdminWithdrawalsFilterSchema = AdminWithdrawalQueuePayloadSchema.omit({ page: true, limit: true });
export type AdminWithdrawalsFilter = z.infer<typeof AdminWithdrawalsFilterSchema>;
export const AdminWithdrawalQueueDataSchema = paged(AdminWithdrawalRowSchema);
export type AdminWithdrawalQueueData = z.infer<typeof AdminWithdrawalQueueDataSchema>;

/** `adminbulkdecide`: approve ('2') or decline ('1') up to 100 pending withdrawals; each is its own transaction. */
export const AdminBulkDecidePayloadSchema = z.object({
  ids: z.array(IdSchema).min(1, 'Pick at least one withdrawal').max(100, 'At most 100 at once'),
  value: z.enum(['1', '2'], { error: 'value must be 2 (approve) or 1 (decline)' }),
});
export type AdminBulkDecidePayload = z.infer<typeof AdminBulkDecidePayloadSchema>;
/**
 * `done` settled now, `requested` became four-eyes requests (an approval above `four_eyes_threshold`: nothing moved,
 * `approval_id` waits for a second operator), `failed` could not be decided (`code`, `msg`).
 */
export const AdminBulkDecideDataSchema = z.object({
  done: z.number().int(),
  requested: z.number().int(),
  failed: z.number().int(),
  results: z.array(
    z.object({
      id: z.string(),
      /** '2' completed, '1' declined; '0' approved and being paid out by its provider (payouts). */
      status: z.enum(['0', '1', '2']).nullable(),
      approval_id: z.string().nullable(),
      code: z.string().nullable(),
      msg: z.string().nullable(),
    }),
  ),
});
export type AdminBulkDecideData = z.infer<typeof AdminBulkDecideDataSchema>;

export const DEPOSIT_METHODS = ['stkpush', 'flutterwave', 'manual'] as const;
export const DepositMethodSchema = z.enum(DEPOSIT_METHODS, { error: 'method must be stkpush, flutterwave or manual' });

/** `admindeposits`: deposits by status and provider; `stuck` = pending for more than 10 minutes. */
export const AdminDepositsPayloadSchema = z.object({
  status: optional(z.enum(['0', '1', '2'])),
  method: optional(DepositMethodSchema),
  username: optional(z.string().trim().max(40)),
  stuck: optional(
    z.preprocess((value) => (value === 'true' || value === true ? true : value === 'false' ? false : value), z.boolean()),
  ),
  ...pagedPayload(),
});
export type AdminDepositsPayload = z.infer<typeof AdminDepositsPayloadSchema>;
export const AdminDepositsFilterSchema = AdminDepositsPayloadSchema.omit({ page: true, limit: true });
export type AdminDepositsFilter = z.infer<typeof AdminDepositsFilterSchema>;
/** A deposit pending this long is "stuck": the provider's callback never came. */
export const STUCK_DEPOSIT_MINUTES = 10;
export const AdminDepositRowSchema = z.object({
  id: z.string(),
  username: z.string(),
  method: DepositMethodSchema,
  status: z.enum(['0', '1', '2']),
  amount: MoneyStringSchema,
  currency: z.string(),
  amount_system: MoneyStringSchema,
  provider_ref: z.string().nullable(),
  failure_reason: z.string().nullable(),
  created_at: z.string(),
});
export type AdminDepositRow = z.infer<typeof AdminDepositRowSchema>;
export const AdminDepositsDataSchema = paged(AdminDepositRowSchema);
export type AdminDepositsData = z.infer<typeof AdminDepositsDataSchema>;

/** `admincheckdeposit`: ask the provider about one pending STK push and apply its answer. */
export const AdminCheckDepositPayloadSchema = z.object({ id: IdSchema });
export const AdminCheckDepositDataSchema = z.object({
  id: z.string(),
  status_before: z.enum(['0', '1', '2']),
  status: z.enum(['0', '1', '2']),
});
export type AdminCheckDepositData = z.infer<typeof AdminCheckDepositDataSchema>;

/** The CSV exports under /api/admin/export/<name>. */
export const EXPORT_NAMES = ['members', 'withdrawals', 'deposits', 'codes', 'ledger'] as const;
export type ExportName = (typeof EXPORT_NAMES)[number];
