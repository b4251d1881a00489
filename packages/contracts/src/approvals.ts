import { z } from 'zod';
import { pagedAnswer, pagedPayload } from './common.ts';
import { MoneyStringSchema } from './money-schemas.ts';
import { bigId } from './primitives.ts';

/**
 * Four-eyes on money (docs/decisions/018-four-eyes.md). A wallet adjustment, a manual deposit, a code credited for an
 * amount typed by hand or a withdrawal approval above the operator's `four_eyes_threshold` (system currency) is not
 * executed: it becomes a request that a second, different operator approves or rejects on the console's Approvals
 * page. The request's states: pending -> approved | rejected | cancelled (withdrawn by the operator who asked).
 */
/** Staff management and money-control settings: changes that are not money but control it (issue 23). */
const CONTROL_CHANGE_KINDS = ['staff_create', 'staff_enable', 'staff_role', 'staff_totp_reset', 'setting', 'country'] as const;
export const APPROVAL_KINDS = [
  'adjust',
  'deposit',
  'code',
  'withdrawal',
  'payout_paid',
  ...CONTROL_CHANGE_KINDS,
  // An upline change that moves paid commissions, an operator's change of a member's phone.
  'upline',
  'member_phone',
  // A cluster decision whose held commissions are above the threshold (decision 062).
  'cluster',
] as const;
export const ApprovalKindSchema = z.enum(APPROVAL_KINDS);
export type ApprovalKind = z.infer<typeof ApprovalKindSchema>;
export const APPROVAL_STATES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export const ApprovalStateSchema = z.enum(APPROVAL_STATES);
export type ApprovalState = z.infer<typeof ApprovalStateSchema>;

/** What each kind of request does, as the console names it. */
export const APPROVAL_KIND_LABELS: Record<ApprovalKind, string> = {
  adjust: 'Wallet adjustment',
  deposit: 'Manual deposit',
  code: 'Code credited by hand',
  withdrawal: 'Withdrawal approval',
  payout_paid: 'Payout marked paid outside Tuzo',
  staff_create: 'New staff account',
  staff_enable: 'Staff account enabled or disabled',
  staff_role: 'Staff role change',
  staff_totp_reset: 'Staff authenticator reset',
  setting: 'Money-control setting',
  country: 'Country rates and fees',
  upline: 'Upline change moving commissions',
  member_phone: "Member's phone change",
  cluster: 'Cluster decision',
};

/** The kinds that are changes, not money: requests at any value, with no amount (decision 044). */
export const APPROVAL_CHANGE_KINDS: ReadonlySet<ApprovalKind> = new Set<ApprovalKind>([...CONTROL_CHANGE_KINDS, 'member_phone']);

/** The phone a request pays or sets (decision 045): a withdrawal's payout phone, a phone change's new number. */
export function approvalPhone(kind: ApprovalKind, params: Record<string, unknown>): string | null {
  const value = kind === 'withdrawal' ? params.phone : kind === 'member_phone' ? params.to : undefined;
  return typeof value === 'string' && value !== '' ? value : null;
}

/** HTTP status of a money action that became a request: accepted, nothing moved yet. */
export const APPROVAL_REQUESTED_STATUS = 202;

/**
 * The `data` of a money action answered 202: nothing moved; request `approval_id` waits for a second operator.
 * `amount_system` is what was compared with `threshold` (both in the system currency).
 */
export const ApprovalRequestedDataSchema = z.object({
  approval_id: z.string(),
  state: z.literal('pending'),
  kind: ApprovalKindSchema,
  amount_system: MoneyStringSchema,
  threshold: MoneyStringSchema,
});
export type ApprovalRequestedData = z.infer<typeof ApprovalRequestedDataSchema>;

/** An action's `data` that is either its own result or, above the threshold, the request it became. */
export function orApprovalRequest<T extends z.ZodType>(done: T) {
  return z.union([done, ApprovalRequestedDataSchema]);
}

/** True for the answer of a money action that became a request (status 202). */
export function isApprovalRequested(data: unknown): data is ApprovalRequestedData {
  return ApprovalRequestedDataSchema.safeParse(data).success;
}

const ApprovalIdSchema = bigId('A valid request id is required');

/** `adminapprovals`: the pending requests (oldest first) or the decided ones (newest first). */
export const AdminApprovalsPayloadSchema = z.object({
  view: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.enum(['pending', 'decided'], { error: 'view must be pending or decided' }).default('pending'),
  ),
  ...pagedPayload(),
});
export type AdminApprovalsPayload = z.infer<typeof AdminApprovalsPayloadSchema>;

export const AdminApprovalRowSchema = z.object({
  id: z.string(),
  kind: ApprovalKindSchema,
  state: ApprovalStateSchema,
  /** The operator who asked, and whether that is the caller (who then may cancel but not approve). */
  requested_by: z.string(),
  is_mine: z.boolean(),
  /** The member whose money moves. */
  username: z.string(),
  /** As typed (signed for an adjustment), in `currency`; `amount_system` in the system currency. */
  amount: MoneyStringSchema,
  currency: z.string(),
  amount_system: MoneyStringSchema,
  /** What exactly: the wallet, the receipt reference, the code or the withdrawal. */
  detail: z.string(),
  /** The phone a withdrawal request pays (recorded when the member asked) or a phone change sets; null otherwise. */
  phone: z.string().nullable().optional(),
  reason: z.string(),
  requested_at: z.string(),
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
  decision_note: z.string().nullable(),
});
export type AdminApprovalRow = z.infer<typeof AdminApprovalRowSchema>;
export const AdminApprovalsDataSchema = pagedAnswer(AdminApprovalRowSchema, {
  threshold: MoneyStringSchema,
  currency: z.string(),
});
export type AdminApprovalsData = z.infer<typeof AdminApprovalsDataSchema>;

/** `adminapproverequest`: a second operator approves; the money moves now. */
export const AdminApproveRequestPayloadSchema = z.object({
  id: ApprovalIdSchema,
  note: z.string().trim().max(500).optional(),
});
export type AdminApproveRequestPayload = z.infer<typeof AdminApproveRequestPayloadSchema>;

/** `adminrejectrequest`: another operator rejects (nothing moves), or the operator who asked cancels. */
export const AdminRejectRequestPayloadSchema = z.object({
  id: ApprovalIdSchema,
  reason: z.string({ error: 'A reason is required' }).trim().min(3, 'A reason is required').max(500),
});
export type AdminRejectRequestPayload = z.infer<typeof AdminRejectRequestPayloadSchema>;

export const AdminApprovalDecisionDataSchema = z.object({
  id: z.string(),
  state: z.enum(['approved', 'rejected', 'cancelled']),
  kind: ApprovalKindSchema,
  username: z.string(),
  amount_system: MoneyStringSchema,
});
export type AdminApprovalDecisionData = z.infer<typeof AdminApprovalDecisionDataSchema>;
