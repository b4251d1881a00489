import {
  APPROVAL_CHANGE_KINDS,
  APPROVAL_KIND_LABELS,
  APPROVAL_REQUESTED_STATUS,
  approvalPhone,
  formatMinor,
  formatMinorGrouped,
  parseAmountToMinor,
  parseDbMinor,
  WALLET_LABELS,
  type AdminApprovalDecisionData,
  type AdminApprovalRow,
  type AdminApprovalsData,
  type AdminApprovalsPayload,
  type ApprovalKind,
  type ApprovalRequestedData,
  type ApprovalState,
  type MemberWallet,
} from '@tuzo/contracts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError, isAppError } from '../../lib/errors.ts';
import { writeAudit } from '../audit/index.ts';
import { readSetting } from '../settings/index.ts';
import {
  insertApprovalRequest,
  lockApprovalRequest,
  markApprovalDecided,
  selectApprovalRequests,
  selectPendingIdForTarget,
  type ApprovalListRow,
  type ApprovalRequestRow,
  type NewApprovalRequest,
} from './approvals.repository.ts';
import { refuseCreatedByRequester } from './staff-creators.ts';

/**
 * Four-eyes on money (docs/decisions/018-four-eyes.md): the threshold, the self-money rule, asking, rejecting and
 * listing. Approving (approval-execution.ts) locks, checks and records the decision; what each kind then runs is
 * handed in by the console's admin-approvals module, which knows the money services, so the modules that ask for
 * an approval never import back what executes it.
 */

export const OWN_ACCOUNT_MSG = 'Staff cannot move money into or out of their own account; another operator must do it';

/** No staff member moves money into or out of their own account, below the threshold too. */
export function refuseOwnAccount(input: { memberId: bigint; staffId: bigint }): void {
  if (input.memberId === input.staffId) throw new AppError('FORBIDDEN', OWN_ACCOUNT_MSG);
}

/** The operator's `four_eyes_threshold`, system minor units: an amount above it needs a second operator. */
export async function loadFourEyesThreshold(deps: AppDeps): Promise<bigint> {
  const text = await readSetting(deps.db, 'four_eyes_threshold');
  const minor = parseAmountToMinor(text);
  if (minor === null) throw new Error(`four_eyes_threshold passed its schema but is not an amount: ${text}`);
  return minor;
}

export type ApprovalRequestInput = Omit<NewApprovalRequest, 'at'> & { ip: string; thresholdMinor: bigint };

/**
 * Stores a pending request instead of moving money, audited in the same transaction. One pending request per
 * target (withdrawal, code, receipt reference): a second is a 409 naming the first.
 */
export async function requestApproval(deps: AppDeps, input: ApprovalRequestInput): Promise<ApprovalRequestedData> {
  const id = await deps.db.transaction(async (tx) => {
    const { ip, thresholdMinor, ...request } = input;
    const inserted = await insertApprovalRequest(tx, { ...request, at: deps.clock.now() });
    if (inserted === null) return null;
    await writeAudit(tx, {
      actorId: input.requestedBy,
      action: 'approval.request',
      targetType: 'approval_request',
      targetId: inserted,
      before: null,
      after: {
        state: 'pending',
        kind: input.kind,
        memberId: input.memberId,
        amountMinor: input.amountMinor,
        currency: input.currency,
        amountSystemMinor: input.amountSystemMinor,
        thresholdMinor,
        params: input.params,
        reason: input.reason,
      },
      ip,
    });
    return inserted;
  });
  if (id === null) {
    const pending = input.targetRef === null ? null : await selectPendingIdForTarget(deps.db, input.kind, input.targetRef);
    throw new AppError('CONFLICT', `Request #${pending?.toString() ?? '?'} for this is already waiting for a second operator`);
  }
  return {
    approval_id: id.toString(),
    state: 'pending',
    kind: input.kind,
    amount_system: formatMinor(input.amountSystemMinor ?? 0n),
    threshold: formatMinor(input.thresholdMinor),
  };
}

/** The kinds counted in the member's rolling 24-hour window (decision 044); withdrawals keep the per-call limit. */
const WINDOW_KINDS: ReadonlySet<ApprovalKind> = new Set<ApprovalKind>(['adjust', 'deposit', 'code', 'upline']);

/** The answer of an action that became a request: 202, nothing moved or changed, the request's id in `data`. */
export function approvalRequestedAnswer(deps: AppDeps, data: ApprovalRequestedData) {
  const currency = deps.config.SYSTEM_CURRENCY;
  const msg = APPROVAL_CHANGE_KINDS.has(data.kind)
    ? `Sent for approval: request #${data.approval_id} takes effect when a second operator approves it`
    : `Above the four-eyes limit of ${currency} ${formatMinorGrouped(parseAmountToMinor(data.threshold) ?? 0n)}${WINDOW_KINDS.has(data.kind) ? ' (counting what the member received from staff in the last 24 hours)' : ''}: request #${data.approval_id} waits for a second operator to approve it`;
  return { status: APPROVAL_REQUESTED_STATUS, msg, data };
}

export type ApprovalDecision = 'approve' | 'reject' | 'cancel';

/**
 * The request's state machine: pending -> approved | rejected | cancelled; a decided request never changes again.
 * Who may take which step is checked by the callers (nobody approves or rejects their own request; only the
 * operator who asked cancels).
 */
export function nextApprovalState(state: ApprovalState, decision: ApprovalDecision): 'approved' | 'rejected' | 'cancelled' {
  switch (state) {
    case 'pending':
      switch (decision) {
        case 'approve':
          return 'approved';
        case 'reject':
          return 'rejected';
        case 'cancel':
          return 'cancelled';
        default:
          return assertNever(decision);
      }
    case 'approved':
    case 'rejected':
    case 'cancelled':
      throw new AppError('ALREADY_DONE', `This request was already ${state}`);
    default:
      return assertNever(state);
  }
}

function assertNever(value: never): never {
  throw new Error(`Unhandled case: ${String(value)}`);
}

export function toDecisionData(
  request: ApprovalRequestRow,
  state: 'approved' | 'rejected' | 'cancelled',
  username: string,
): AdminApprovalDecisionData {
  return {
    id: request.id.toString(),
    state,
    kind: request.kind,
    username,
    amount_system: formatMinor(request.amountSystemMinor),
  };
}

/**
 * `adminrejectrequest`: another operator rejects a pending request, or the operator who asked cancels it. Nothing
 * moves either way; audited in the same transaction.
 */
export async function rejectRequest(
  deps: AppDeps,
  input: { id: bigint; reason: string; operatorId: bigint; ip: string },
): Promise<AdminApprovalDecisionData> {
  return deps.db.transaction(async (tx) => {
    const request = await lockApprovalRequest(tx, input.id);
    if (!request) throw new AppError('NOT_FOUND', 'Approval request not found');
    const state = nextApprovalState(request.state, request.requestedBy === input.operatorId ? 'cancel' : 'reject');
    if (state === 'rejected') await refuseCreatedByRequester(tx, { request, deciderId: input.operatorId });
    await markApprovalDecided(tx, {
      id: request.id,
      state,
      decidedBy: input.operatorId,
      at: deps.clock.now(),
      note: input.reason,
      result: null,
    });
    await writeAudit(tx, {
      actorId: input.operatorId,
      action: state === 'cancelled' ? 'approval.cancel' : 'approval.reject',
      targetType: 'approval_request',
      targetId: request.id,
      before: {
        state: request.state,
        kind: request.kind,
        memberId: request.memberId,
        amountMinor: request.amountMinor,
        currency: request.currency,
      },
      after: { state, reason: input.reason },
      ip: input.ip,
    });
    return toDecisionData(request, state, String(request.params.username ?? ''));
  });
}

/**
 * A withdrawal an operator declined leaves no approval request pending behind it: the pending request to complete it
 * is rejected (or cancelled, when the operator who declined asked for it), audited like any other decision.
 */
export async function closePendingWithdrawalRequest(
  deps: AppDeps,
  input: { withdrawalId: bigint; operatorId: bigint; ip: string },
): Promise<void> {
  const id = await selectPendingIdForTarget(deps.db, 'withdrawal', input.withdrawalId.toString());
  if (id === null) return;
  try {
    await rejectRequest(deps, { id, reason: 'The withdrawal was declined', operatorId: input.operatorId, ip: input.ip });
  } catch (error) {
    // Another operator decided it meanwhile: its state stands.
    if (!(isAppError(error) && error.code === 'ALREADY_DONE')) throw error;
  }
}

/** What the request is about, in words: the wallet, the receipt, the code or the withdrawal. */
export function describeApproval(kind: ApprovalKind, params: Record<string, unknown>): string {
  const text = (key: string) => String(params[key] ?? '');
  switch (kind) {
    case 'adjust':
      return `${WALLET_LABELS[text('wallet') as MemberWallet] ?? text('wallet')} wallet`;
    case 'deposit':
      return `Receipt ${text('reference')}`;
    case 'code':
      return `Code ${text('code')}`;
    case 'withdrawal':
      return `Withdrawal #${text('withdrawal_id')} from ${WALLET_LABELS[text('wallet') as MemberWallet] ?? text('wallet')} wallet${params.phone ? `, paid to ${text('phone')}` : ''}`;
    case 'payout_paid':
      return `Payout #${text('payout_id')} of withdrawal #${text('withdrawal_id')}${params.receipt ? `, receipt ${text('receipt')}` : ''}`;
    case 'staff_create':
      return `${text('role')} account ${text('username')} (${text('email')}); it sets its own password and authenticator`;
    case 'staff_enable':
      return `${text('username')}: ${text('from')} → ${text('to')}`;
    case 'staff_role':
      return `${text('username')}: role ${text('from')} → ${text('to')}`;
    case 'staff_totp_reset':
      return `${text('username')}: authenticator removed, enrolled again at the next sign-in`;
    case 'setting':
      return `${text('key')}: ${text('from')} → ${text('to')}`;
    case 'country':
      return `${text('name')}: ${text('changes')}`;
    case 'upline':
      return `${text('username')}: upline ${text('from') || 'none'} → ${text('upline')}, commissions paid ${text('credited')}`;
    case 'member_phone':
      return `${text('username')}: phone ${text('from')} → ${text('to')}`;
    case 'cluster':
      return `${text('decision') === 'clear' ? 'Clear' : 'Confirm'} cluster #${text('cluster_id')}: ${text('note')}`;
    default:
      return assertNever(kind);
  }
}

function toRow(row: ApprovalListRow, callerId: bigint): AdminApprovalRow {
  return {
    id: row.id,
    kind: row.kind,
    state: row.state,
    requested_by: row.requested_by,
    is_mine: BigInt(row.requested_by_id) === callerId,
    username: row.username,
    amount: formatMinor(row.amount_minor === null ? 0n : parseDbMinor(row.amount_minor)),
    currency: row.currency ?? '',
    amount_system: formatMinor(row.amount_system_minor === null ? 0n : parseDbMinor(row.amount_system_minor)),
    detail: `${APPROVAL_KIND_LABELS[row.kind]}: ${describeApproval(row.kind, row.params)}`,
    phone: approvalPhone(row.kind, row.params),
    reason: row.reason,
    requested_at: new Date(row.requested_at).toISOString(),
    decided_by: row.decided_by,
    decided_at: row.decided_at === null ? null : new Date(row.decided_at).toISOString(),
    decision_note: row.decision_note,
  };
}

/** `adminapprovals`: the pending requests (oldest first) or the decided ones (newest first). */
export async function listApprovals(
  deps: AppDeps,
  input: AdminApprovalsPayload & { callerId: bigint },
): Promise<AdminApprovalsData> {
  const { rows, total } = await selectApprovalRequests(deps.db, {
    view: input.view,
    offset: (input.page - 1) * input.limit,
    limit: input.limit,
  });
  const threshold = await loadFourEyesThreshold(deps);
  return {
    rows: rows.map((row) => toRow(row, input.callerId)),
    page: input.page,
    limit: input.limit,
    total,
    threshold: formatMinor(threshold),
    currency: deps.config.SYSTEM_CURRENCY,
  };
}
