import { MemberWalletSchema, parseAmountToMinor, type AdminApprovalDecisionData } from '@tuzo/contracts';
import { runAfterCommit } from '../../lib/after-commit.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { executeMemberPhone, findMemberById, recordManualDeposit } from '../admin-members/index.ts';
import { adjustWallet, executeResolveCode } from '../admin-money/index.ts';
import { approveRequest, type ApprovalRequestRow } from '../approvals/index.ts';
import { executeClusterDecision } from '../clusters/index.ts';
import { approveWithdrawal, autoPayIfAllowed, dispatchPayout, executeMarkPayoutPaid } from '../payouts/index.ts';
import { loadMemberCurrency } from '../wallets/index.ts';
import { countApprovedMoney, executeChangeApproval, memberOf } from './change-kinds.ts';

type ApproverInput = { approverId: bigint; ip: string; note: string | null };

function param(request: ApprovalRequestRow, key: string): string {
  const value = request.params[key];
  if (typeof value !== 'string' || value === '') throw new Error(`Approval request ${request.id} has no ${key}`);
  return value;
}

/**
 * Executes the request's action exactly as the one-operator path would, in the approving operator's name. Each kind
 * keeps a ledger key that cannot move twice: `adjust:approval:<request id>`; the receipt reference for a manual
 * deposit and the code for a code (one credit per external fact, whoever records it); `withdrawal-settle:<id>` for a
 * withdrawal; `payout-settle:<payout id>` for a payout marked paid outside Tuzo. The approver's own self-money check
 * runs inside each service too. Handed to the approvals module's `approveRequest` (an `ApprovalExecutor`), which runs
 * it inside the approval's transaction.
 */
export async function executeApproval(
  deps: AppDeps,
  request: ApprovalRequestRow,
  input: ApproverInput,
): Promise<Record<string, string>> {
  switch (request.kind) {
    case 'adjust':
      return executeAdjust(deps, request, input);
    case 'deposit':
      return executeDeposit(deps, request, input);
    case 'code':
      return executeCode(deps, request, input);
    case 'withdrawal':
      return executeWithdrawal(deps, request, input);
    case 'payout_paid':
      return executeMarkPayoutPaid(deps, request, input);
    case 'staff_create':
    case 'staff_enable':
    case 'staff_role':
    case 'staff_totp_reset':
    case 'setting':
    case 'country':
    case 'upline':
      return executeChangeApproval(deps, { ...request, kind: request.kind }, input);
    case 'member_phone':
      return executeMemberPhone(deps, request, input);
    case 'cluster':
      return executeClusterDecision(deps, request, input);
    default: {
      const unknown: never = request.kind;
      throw new Error(`Unknown approval kind ${String(unknown)}`);
    }
  }
}

/** An operator's wallet adjustment, under the ledger key `adjust:approval:<request id>`. */
async function executeAdjust(deps: AppDeps, request: ApprovalRequestRow, input: ApproverInput): Promise<Record<string, string>> {
  const member = await findMemberById(deps.db, memberOf(request));
  if (!member) throw new AppError('NOT_FOUND', 'Member not found');
  const adjusted = await adjustWallet(deps, {
    member,
    wallet: MemberWalletSchema.parse(param(request, 'wallet')),
    amount: request.amountMinor,
    reason: request.reason,
    operatorId: input.approverId,
    ip: input.ip,
    idempotencyKey: `adjust:approval:${request.id}`,
  });
  const size = request.amountMinor < 0n ? -request.amountMinor : request.amountMinor;
  const credits = [{ memberId: member.id, amountSystemMinor: size }];
  await countApprovedMoney(deps, request, { source: 'adjust', credits, approverId: input.approverId });
  return { transaction_id: adjusted.transaction_id, balance: adjusted.balance };
}

/** A manual deposit for the member the request was made for, once per receipt reference. */
async function executeDeposit(deps: AppDeps, request: ApprovalRequestRow, input: ApproverInput): Promise<Record<string, string>> {
  const currency = await loadMemberCurrency(deps.db, memberOf(request));
  if (currency.currency !== request.currency) {
    throw new AppError(
      'CONFLICT',
      `The member now pays in ${currency.currency}, not ${request.currency}; reject this request and record it again`,
    );
  }
  // The member id the request was made for, never the username typed then (it may have changed hands).
  const recorded = await recordManualDeposit(deps, {
    memberId: memberOf(request),
    amount: request.amountMinor,
    reference: param(request, 'reference'),
    reason: request.reason || undefined,
    operatorId: input.approverId,
    ip: input.ip,
  });
  if (recorded.duplicate) throw new AppError('CONFLICT', 'This receipt reference was already recorded; reject this request');
  const credits = [{ memberId: memberOf(request), amountSystemMinor: request.amountSystemMinor }];
  await countApprovedMoney(deps, request, { source: 'deposit', credits, approverId: input.approverId });
  return { deposit_id: recorded.deposit_id, amount_system: recorded.amount_system };
}

/** A code review approved: the code's deposit is credited once, whoever records it. */
async function executeCode(deps: AppDeps, request: ApprovalRequestRow, input: ApproverInput): Promise<Record<string, string>> {
  const resolved = await executeResolveCode(deps, {
    id: BigInt(param(request, 'review_id')),
    approve: true,
    amount: request.amountMinor,
    note: input.note ?? request.reason,
    operatorId: input.approverId,
    ip: input.ip,
  });
  const credited = resolved.amount_system === null ? 0n : (parseAmountToMinor(resolved.amount_system) ?? 0n);
  const credits = [{ memberId: memberOf(request), amountSystemMinor: credited }];
  await countApprovedMoney(deps, request, { source: 'code', credits, approverId: input.approverId });
  return { deposit_id: resolved.deposit_id ?? '', amount_system: resolved.amount_system ?? '' };
}

/** A withdrawal approved; a provider-paid country's payout is sent after the approval commits (approveAndSend). */
async function executeWithdrawal(
  deps: AppDeps,
  request: ApprovalRequestRow,
  input: ApproverInput,
): Promise<Record<string, string>> {
  const decided = await approveWithdrawal(deps, {
    withdrawalId: BigInt(param(request, 'withdrawal_id')),
    approvedBy: input.approverId,
    approvalId: request.id,
    ip: input.ip,
  });
  // A provider-paid country: the payout is sent after the approval commits (approveAndSend).
  return { withdrawal_id: decided.id, status: decided.status, ...(decided.payout ? { payout_id: decided.payout.id } : {}) };
}

/**
 * `adminapproverequest`: approves a request (approvals' `approveRequest`, running `executeApproval` inside its
 * transaction), then, once that has committed, sends the payout an approved withdrawal started: its row and reference
 * exist before the request goes out (decision 032).
 */
export async function approveAndSend(
  deps: AppDeps,
  input: { id: bigint; note?: string; approverId: bigint; ip: string },
): Promise<AdminApprovalDecisionData> {
  const payoutIds: bigint[] = [];
  const freed: bigint[] = [];
  const decision = await approveRequest(deps, input, async (inner, request, options) => {
    const result = await executeApproval(inner, request, options);
    if (result.payout_id) payoutIds.push(BigInt(result.payout_id));
    // A cluster cleared (decision 062): the withdrawals it freed are offered to auto-pay, as without four-eyes.
    for (const id of result.freed_withdrawals?.split(',') ?? []) freed.push(BigInt(id));
    return result;
  });
  // Inside an Idempotency-Key request's transaction, after that commits (decision 047); else now.
  for (const payoutId of payoutIds) await runAfterCommit(deps, (base) => dispatchPayout(base, payoutId));
  for (const id of freed) await runAfterCommit(deps, (base) => autoPayIfAllowed(base, id));
  return decision;
}
