import { z } from 'zod';
import { NoPayloadSchema } from './common.ts';
import { MoneyStringSchema } from './money-schemas.ts';
import { bigId } from './primitives.ts';

/**
 * Multi-account clusters (issue 27, decision 061). Signals collected at sign-up, sign-in, activation, deposit and
 * withdrawal are stored as keyed hashes; accounts that share a linking signal form a cluster (union-find). A cluster
 * that holds a sponsor and a member of their own downline is a self-referral ring: it is open as a case, the
 * commissions paid inside it are held and its members' withdrawals carry a risk flag until an operator decides.
 */
export const SIGNAL_KINDS = [
  'device',
  'ip',
  'network',
  'payer_phone',
  'payout_phone',
  'receiver_name',
  'email',
  'phone',
] as const;
export const SignalKindSchema = z.enum(SIGNAL_KINDS);
export type SignalKind = z.infer<typeof SignalKindSchema>;

/** The `fraud` setting: collect signals at all, days raw signal rows are kept, most accounts one value links. */
export const FraudSettingsSchema = z.object({
  collect: z.boolean(),
  raw_retention_days: z.number().int().min(1, 'Keep raw signals at least 1 day').max(3650),
  max_accounts_per_signal: z.number().int().min(2, 'At least 2 accounts').max(10_000),
});
export type FraudSettings = z.infer<typeof FraudSettingsSchema>;
export const DEFAULT_FRAUD_SETTINGS: FraudSettings = { collect: true, raw_retention_days: 90, max_accounts_per_signal: 25 };
/** The `fraud` entry of the settings registry (settings.ts), defined here beside its schema. */
export const FRAUD_SETTING = {
  schema: FraudSettingsSchema,
  default: DEFAULT_FRAUD_SETTINGS,
  description:
    'Multi-account signals (decision 061): collect turns collection on or off; raw signal rows are deleted after raw_retention_days (the links of an open case are kept while it is open); a device, phone or email shared by max_accounts_per_signal accounts (or by four strangers) is public and links nobody (decision 063).',
  visibility: 'operator' as const,
};

/** watch: linked accounts, no ring (nothing held); open: a ring, a case; cleared / confirmed: an operator decided. */
export const CLUSTER_STATES = ['watch', 'open', 'cleared', 'confirmed'] as const;
export const ClusterStateSchema = z.enum(CLUSTER_STATES);
export type ClusterState = z.infer<typeof ClusterStateSchema>;

export const HOLD_STATES = ['held', 'released', 'reversed'] as const;
export const HoldStateSchema = z.enum(HOLD_STATES);
export type HoldState = z.infer<typeof HoldStateSchema>;

/** `adminclusters` (support): clusters, newest activity first; default the open ones. */
export const AdminClustersPayloadSchema = z.object({
  state: z.enum([...CLUSTER_STATES, 'all']).default('open'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type AdminClustersPayload = z.infer<typeof AdminClustersPayloadSchema>;

export const ClusterSummarySchema = z.object({
  id: z.string(),
  state: ClusterStateSchema,
  ring: z.boolean(),
  members: z.number().int(),
  /** The kinds of signal that link its members, most accounts first. */
  signals: z.array(SignalKindSchema),
  held_total: MoneyStringSchema,
  held_count: z.number().int(),
  review_requests: z.number().int(),
  opened_at: z.string(),
  updated_at: z.string(),
});
export type ClusterSummary = z.infer<typeof ClusterSummarySchema>;

export const AdminClustersDataSchema = z.object({
  clusters: z.array(ClusterSummarySchema),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});
export type AdminClustersData = z.infer<typeof AdminClustersDataSchema>;

/** `admincluster` (support): one cluster whole. */
export const AdminClusterPayloadSchema = z.object({ id: bigId('id') });
export type AdminClusterPayload = z.infer<typeof AdminClusterPayloadSchema>;

export const ClusterMemberSchema = z.object({
  id: z.string(),
  username: z.string(),
  status: z.string(),
  /** Username of the member's level-1 sponsor, or null. */
  sponsor: z.string().nullable(),
  /** True when the member's sponsor (any of 3 levels) is in the same cluster. */
  sponsor_in_cluster: z.boolean(),
  joined_at: z.string(),
});
export type ClusterMember = z.infer<typeof ClusterMemberSchema>;

/** A link between two members: the signal they share (never the raw value) and when it was first and last seen. */
export const ClusterLinkSchema = z.object({
  a: z.string(),
  b: z.string(),
  kind: SignalKindSchema,
  /** Linking kinds join clusters; the others (ip, network, receiver name) are shown as evidence only. */
  linking: z.boolean(),
  first_seen_at: z.string(),
  last_seen_at: z.string(),
});
export type ClusterLink = z.infer<typeof ClusterLinkSchema>;

/** Money that moved between two members of the cluster (commissions, pay-for-client), system currency. */
export const ClusterMoneySchema = z.object({
  from: z.string(),
  to: z.string(),
  kind: z.string(),
  amount: MoneyStringSchema,
  at: z.string(),
});
export type ClusterMoney = z.infer<typeof ClusterMoneySchema>;

export const CommissionHoldSchema = z.object({
  id: z.string(),
  /** The upline the commission was for. */
  member: z.string(),
  /** The downline whose activation paid it. */
  from_member: z.string(),
  level: z.number().int().min(1).max(3),
  amount: MoneyStringSchema,
  state: HoldStateSchema,
  held_at: z.string(),
  decided_at: z.string().nullable(),
});
export type CommissionHold = z.infer<typeof CommissionHoldSchema>;

export const ReviewRequestSchema = z.object({
  id: z.string(),
  member: z.string(),
  message: z.string(),
  at: z.string(),
});
export type ReviewRequest = z.infer<typeof ReviewRequestSchema>;

export const ClusterDecisionSchema = z.object({
  decision: z.enum(['clear', 'confirm']),
  note: z.string(),
  by: z.string(),
  at: z.string(),
});

export const AdminClusterDataSchema = z.object({
  cluster: ClusterSummarySchema,
  members: z.array(ClusterMemberSchema),
  links: z.array(ClusterLinkSchema),
  money: z.array(ClusterMoneySchema),
  holds: z.array(CommissionHoldSchema),
  reviews: z.array(ReviewRequestSchema),
  decisions: z.array(ClusterDecisionSchema),
});
export type AdminClusterData = z.infer<typeof AdminClusterDataSchema>;

/**
 * `admindecidecluster` (operator, audited): clear releases the held commissions to the uplines' Jumbo wallets and
 * clears the cluster's withdrawal flags; confirm reverses them to house:commissions and suspends the accounts. Above
 * `four_eyes_threshold` (the held total) it becomes an approval request (answer 202 with `approval_id`).
 */
export const AdminDecideClusterPayloadSchema = z.object({
  id: bigId('id'),
  decision: z.enum(['clear', 'confirm'], { message: 'decision must be clear or confirm' }),
  note: z.string().trim().min(3, 'A note of at least 3 characters is required').max(500, 'The note is at most 500 characters'),
});
export type AdminDecideClusterPayload = z.infer<typeof AdminDecideClusterPayloadSchema>;

export const AdminDecideClusterDataSchema = z.object({
  id: z.string(),
  state: ClusterStateSchema,
  released: z.number().int(),
  reversed: z.number().int(),
  suspended: z.number().int(),
});
export type AdminDecideClusterData = z.infer<typeof AdminDecideClusterDataSchema>;

/** `myholds` (member): the member's held commissions, why in plain words, and their review request if any. */
export const MyHoldsPayloadSchema = NoPayloadSchema;
export const MyHoldSchema = z.object({
  id: z.string(),
  from_member: z.string(),
  level: z.number().int().min(1).max(3),
  amount: MoneyStringSchema,
  currency: z.string(),
  state: HoldStateSchema,
  held_at: z.string(),
});
export type MyHold = z.infer<typeof MyHoldSchema>;

export const MyHoldsDataSchema = z.object({
  holds: z.array(MyHoldSchema),
  /** The plain-words reason shown above the list (in the member's language), or null when nothing is held. */
  reason: z.string().nullable(),
  review_requested_at: z.string().nullable(),
  can_request_review: z.boolean(),
});
export type MyHoldsData = z.infer<typeof MyHoldsDataSchema>;

/** `askreview` (member): a message to the operators asking them to review the member's held commissions. */
export const AskReviewPayloadSchema = z.object({
  message: z.string().trim().min(10, 'Tell us in at least 10 characters').max(500, 'At most 500 characters'),
});
export type AskReviewPayload = z.infer<typeof AskReviewPayloadSchema>;
export const AskReviewDataSchema = z.object({ requested_at: z.string() });
export type AskReviewData = z.infer<typeof AskReviewDataSchema>;
