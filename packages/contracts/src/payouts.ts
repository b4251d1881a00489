import { z } from 'zod';
import { pagedAnswer, pagedPayload, minorAmountText } from './common.ts';
import { MoneyStringSchema } from './money-schemas.ts';
import { BigIdSchema } from './primitives.ts';

/**
 * Payouts: how an approved withdrawal is paid through M-Pesa B2C or a Flutterwave transfer (docs/money.md
 * "Payouts", docs/decisions/032-payout-states.md).
 */

/** A payout's state: approved -> sent -> paid | failed, or unknown until the provider's status query decides. */
export const PAYOUT_STATES = ['approved', 'sent', 'unknown', 'paid', 'failed'] as const;
export const PayoutStateSchema = z.enum(PAYOUT_STATES);
export type PayoutState = z.infer<typeof PayoutStateSchema>;

/** Providers that pay by API. */
export const PayoutProviderSchema = z.enum(['mpesa_b2c', 'flutterwave']);
export type PayoutProvider = z.infer<typeof PayoutProviderSchema>;

/** How a country's withdrawals are paid: by a provider, or by hand (`manual`: approving marks them Completed). */
export const PayoutMethodSchema = z.enum(['mpesa_b2c', 'flutterwave', 'manual']);
export type PayoutMethod = z.infer<typeof PayoutMethodSchema>;

export const PAYOUT_PROVIDER_LABELS: Record<PayoutMethod, string> = {
  mpesa_b2c: 'M-Pesa B2C',
  flutterwave: 'Flutterwave transfer',
  manual: 'Paid by hand',
};

/** Setting `payouts.providers`: country abbreviation -> method. A country not listed is paid by hand. */
export const PayoutProvidersSchema = z.record(
  z.string().regex(/^[A-Z]{2,3}$/, 'Use country abbreviations such as KE'),
  PayoutMethodSchema,
);

const LimitAmountSchema = minorAmountText('Enter an amount such as 100.00', { trim: false });
export const PayoutLimitSchema = z.object({
  minimum: LimitAmountSchema,
  perPayment: LimitAmountSchema,
  perDay: LimitAmountSchema,
});
export type PayoutLimit = z.infer<typeof PayoutLimitSchema>;
/** Setting `payouts.limits`: per provider, in the currency paid. */
export const PayoutLimitsSchema = z.object({ mpesa_b2c: PayoutLimitSchema, flutterwave: PayoutLimitSchema });
export type PayoutLimits = z.infer<typeof PayoutLimitsSchema>;
/** Daraja's published B2C limits (KES 10 minimum, 250,000 per payment, 500,000 a day per customer). */
export const DEFAULT_PAYOUT_LIMITS: PayoutLimits = {
  mpesa_b2c: { minimum: '10.00', perPayment: '250000.00', perDay: '500000.00' },
  flutterwave: { minimum: '10.00', perPayment: '1000000.00', perDay: '2000000.00' },
};

/** What a money action that started a payout answers about it. */
export const PayoutSummarySchema = z.object({
  id: z.string(),
  state: PayoutStateSchema,
  provider: PayoutProviderSchema,
  reference: z.string(),
  receipt: z.string().nullable(),
  /** Why it failed, in the member's words; null unless failed. */
  reason: z.string().nullable(),
});
export type PayoutSummary = z.infer<typeof PayoutSummarySchema>;

/** `adminapprovewithdrawal` / `adminautopay`: the withdrawal and the payout its approval started (null when paid by hand). */
export const PayoutApprovalDataSchema = z.object({
  withdrawal_id: z.string(),
  /** The withdrawal's spec status after the approval: '2' when paid by hand, '0' while the payout runs (or '1'/'2' once it settled). */
  status: z.enum(['0', '1', '2']),
  method: PayoutMethodSchema,
  payout: PayoutSummarySchema.nullable(),
});
export type PayoutApprovalData = z.infer<typeof PayoutApprovalDataSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Console.

/** `adminpayouts`: the payout queue, newest first, optionally by state, provider or member; paged. */
export const AdminPayoutsPayloadSchema = z.object({
  state: z.preprocess((value) => (value === '' ? undefined : value), PayoutStateSchema.optional()),
  provider: z.preprocess((value) => (value === '' ? undefined : value), PayoutProviderSchema.optional()),
  username: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.string().trim().min(1).max(40, 'username is at most 40 characters').optional(),
  ),
  ...pagedPayload(),
});
export type AdminPayoutsPayload = z.infer<typeof AdminPayoutsPayloadSchema>;

export const PROVIDER_ANSWERS = ['completed', 'failed', 'not-found'] as const;
export const ProviderAnswerSchema = z.enum(PROVIDER_ANSWERS);
export type ProviderAnswer = z.infer<typeof ProviderAnswerSchema>;

/**
 * An operator alert about money a provider's answer did not let move (decision 046): a payout receipt or a payment
 * Tuzo made offered as a deposit (`deposit_refused`), a payout result for another receiver or amount
 * (`payout_mismatch`), a success after a payout failed or was marked paid outside Tuzo (`double_payment`).
 */
export const MONEY_ALERT_KINDS = ['deposit_refused', 'payout_mismatch', 'double_payment'] as const;
export const MoneyAlertSchema = z.object({
  id: z.string(),
  kind: z.enum(MONEY_ALERT_KINDS),
  payout_id: z.string().nullable(),
  username: z.string().nullable(),
  transaction_code: z.string().nullable(),
  detail: z.string(),
  created_at: z.string(),
});
export type MoneyAlert = z.infer<typeof MoneyAlertSchema>;
export const AdminMoneyAlertsPayloadSchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type AdminMoneyAlertsPayload = z.infer<typeof AdminMoneyAlertsPayloadSchema>;
export const AdminMoneyAlertsDataSchema = z.object({ rows: z.array(MoneyAlertSchema) });
export type AdminMoneyAlertsData = z.infer<typeof AdminMoneyAlertsDataSchema>;

export const AdminPayoutRowSchema = z.object({
  id: z.string(),
  withdrawal_id: z.string(),
  attempt: z.number().int(),
  username: z.string(),
  phone: z.string(),
  provider: PayoutProviderSchema,
  state: PayoutStateSchema,
  reference: z.string(),
  amount: MoneyStringSchema,
  currency: z.string(),
  receipt: z.string().nullable(),
  receiver_name: z.string().nullable(),
  failure_reason: z.string().nullable(),
  provider_detail: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  settled_at: z.string().nullable(),
  /**
   * The provider's last status answer about the payout (decision 046): `completed`, `failed` or `not-found`, in its
   * words and when it came; null until a status query was answered.
   */
  provider_answer: ProviderAnswerSchema.nullable(),
  provider_answer_detail: z.string().nullable(),
  provider_answer_at: z.string().nullable(),
});
export type AdminPayoutRow = z.infer<typeof AdminPayoutRowSchema>;
/**
 * Payouts paused after a database restore (decision 054) until the provider answered about every payout in flight at
 * the recovery point: when the restore was marked, its recovery point (the last commit replayed), and how many payouts
 * were in flight and still wait for an answer.
 */
export const PayoutsRestoredSchema = z.object({
  recovery_point: z.string().nullable(),
  marked_at: z.string(),
  in_flight: z.number().int(),
  awaiting: z.number().int(),
});
export type PayoutsRestored = z.infer<typeof PayoutsRestoredSchema>;
export const AdminPayoutsDataSchema = pagedAnswer(AdminPayoutRowSchema, {
  /** Count of payouts in each state (all providers), for the queue's tabs. */
  counts: z.record(PayoutStateSchema, z.number().int()),
  /** The restored state while payouts are paused after a restore; null (or absent) while they run. */
  restored: PayoutsRestoredSchema.nullable().optional(),
});
export type AdminPayoutsData = z.infer<typeof AdminPayoutsDataSchema>;

/** One payout by id (console detail, check, retry). */
export const AdminPayoutIdPayloadSchema = z.object({ id: BigIdSchema });
export type AdminPayoutIdPayload = z.infer<typeof AdminPayoutIdPayloadSchema>;

export const PayoutExchangeSchema = z.object({
  id: z.string(),
  kind: z.string(),
  http_status: z.number().int().nullable(),
  /** The body as sent or received, secrets redacted. */
  body: z.unknown(),
  at: z.string(),
});
export type PayoutExchange = z.infer<typeof PayoutExchangeSchema>;

/** `adminpayout`: one payout with every exchange with the provider, oldest first (at most 200). */
export const AdminPayoutDataSchema = z.object({
  payout: AdminPayoutRowSchema,
  exchanges: z.array(PayoutExchangeSchema),
  /** The operator alerts about this payout (mismatched results, a double payment), newest first. */
  alerts: z.array(MoneyAlertSchema),
});
export type AdminPayoutData = z.infer<typeof AdminPayoutDataSchema>;

/** `admincheckpayout`: the payout after asking the provider (a B2C query's result arrives later: `asked` true). */
export const AdminCheckPayoutDataSchema = z.object({ payout: PayoutSummarySchema, asked: z.boolean() });
export type AdminCheckPayoutData = z.infer<typeof AdminCheckPayoutDataSchema>;

/**
 * "Mark paid outside Tuzo" (decision 033): the operator paid the member another way (the M-Pesa portal) or the
 * provider's own records show the payment. Only for a payout that is `unknown`, or `approved`/`sent` with no result
 * for longer than `payouts.result_timeout_seconds`; never for a failed one (its hold is already back in the wallet).
 * Always four-eyes: it becomes an approval request (kind `payout_paid`) that a different operator approves; approving
 * settles the payout as paid. `receipt` is the portal's receipt when there is one.
 */
export const AdminMarkPayoutPaidPayloadSchema = z.object({
  id: BigIdSchema,
  reason: z.string({ error: 'A reason is required' }).trim().min(3, 'A reason is required').max(500),
  receipt: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{6,40}$/, 'The receipt is 6 to 40 letters and digits, as the M-Pesa portal shows it')
    .optional(),
});
export type AdminMarkPayoutPaidPayload = z.infer<typeof AdminMarkPayoutPaidPayloadSchema>;

/**
 * "Mark failed" (decision 046): an `unknown` payout the provider answered `not-found` or `failed` about waits for an
 * operator (it is never sent again by itself); marking it failed returns amount and charge to the member's wallet,
 * and the existing retry then pays it again as a new payout.
 */
export const AdminMarkPayoutFailedPayloadSchema = z.object({
  id: BigIdSchema,
  reason: z.string({ error: 'A reason is required' }).trim().min(3, 'A reason is required').max(500),
});
export type AdminMarkPayoutFailedPayload = z.infer<typeof AdminMarkPayoutFailedPayloadSchema>;
export const AdminMarkPayoutFailedDataSchema = z.object({ payout: PayoutSummarySchema });
export type AdminMarkPayoutFailedData = z.infer<typeof AdminMarkPayoutFailedDataSchema>;

/**
 * `adminretrypayout` (decision 033): a failed payout (the member was refunded) paid again as a new withdrawal: the
 * hold is taken again from the same wallet (amount and charge as first held; refused if the wallet no longer has
 * it), then approved as any withdrawal: paid through the provider, or above `four_eyes_threshold` a request a second
 * operator approves (answered 202, `approval_id` set, the new withdrawal pending).
 */
export const AdminRetryPayoutDataSchema = z.object({
  withdrawal_id: z.string(),
  status: z.enum(['0', '1', '2']),
  payout: PayoutSummarySchema.nullable(),
  approval_id: z.string().nullable(),
});
export type AdminRetryPayoutData = z.infer<typeof AdminRetryPayoutDataSchema>;

/** `adminpayoutbalance`: the providers' payout balances as last reported (a B2C result or the balance query). */
export const AdminPayoutBalanceDataSchema = z.object({
  balances: z.array(
    z.object({
      provider: PayoutProviderSchema,
      currency: z.string(),
      balance: MoneyStringSchema,
      source: z.string(),
      reported_at: z.string(),
      /** Below the setting `payouts.low_balance_alert`: top the account up before payouts fail. */
      is_low: z.boolean(),
      /**
       * When the reported balance last fell below the alert setting (the operators were alerted then, once: audit
       * `payout.low_balance`); null while at or above it.
       */
      low_since: z.string().nullable().optional(),
    }),
  ),
  low_balance_alert: MoneyStringSchema,
});
export type AdminPayoutBalanceData = z.infer<typeof AdminPayoutBalanceDataSchema>;

/** `adminrequestpayoutbalance`: the balance query went out (its result updates `adminpayoutbalance`). */
export const AdminRequestPayoutBalanceDataSchema = z.object({ asked: z.boolean() });
export type AdminRequestPayoutBalanceData = z.infer<typeof AdminRequestPayoutBalanceDataSchema>;

/** The settlement CSV's query: one operator day, YYYY-MM-DD (today when left out). */
export const PayoutSettlementQuerySchema = z.object({
  day: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'day must be YYYY-MM-DD')
    .refine((day) => {
      const date = new Date(`${day}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
    }, 'day must be a real date, YYYY-MM-DD')
    .optional(),
});
export type PayoutSettlementQuery = z.infer<typeof PayoutSettlementQuerySchema>;
