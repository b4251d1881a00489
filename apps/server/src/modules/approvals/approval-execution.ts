import { MemberWalletSchema, type AdminApprovalDecisionData } from '@tuzo/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { findMemberById } from '../admin-members/admin-members.service.ts';
import { adjustWallet } from '../admin-money/adjust.service.ts';
import { executeResolveCode } from '../admin-money/code-reviews.service.ts';
import { recordManualDeposit } from '../admin-members/manual-deposit.service.ts';
import { writeAudit } from '../audit/audit.service.ts';
import { loadMemberCurrency } from '../wallets/currency.ts';
import { decideWithdrawal } from '../withdrawals/withdrawals.service.ts';
import { lockApprovalRequest, markApprovalDecided, type ApprovalRequestRow } from './approvals.repository.ts';
import { nextApprovalState, OWN_ACCOUNT_MSG, toDecisionData } from './approvals.service.ts';

/**
 * The services run inside the approval's transaction: their own `deps.db.transaction` becomes a savepoint of it and
 * `recordMovement` runs on its connection, so the money, the request's new state and both audit rows commit together
 * or not at all. (Drizzle's transaction handle is a database handle with the same query API; none of these services
 * uses `deps.pool`.)
 */
function inTransaction(deps: AppDeps, tx: DbOrTx): AppDeps {
  return { ...deps, db: tx as unknown as Db };
}

function param(request: ApprovalRequestRow, key: string): string {
  const value = request.params[key];
  if (typeof value !== 'string' || value === '') throw new Error(`Approval request ${request.id} has no ${key}`);
  return value;
}

/**
 * Executes the request's action exactly as the one-operator path would, in the approving operator's name. Each kind
 * keeps a ledger key that cannot move twice: `adjust:approval:<request id>`; the receipt reference for a manual
 * deposit and the code for a code (one credit per external fact, whoever records it); `withdrawal-settle:<id>` for a
 * withdrawal. The approver's own self-money check runs inside each service too.
 */
async function execute(
  deps: AppDeps,
  request: ApprovalRequestRow,
  input: { approverId: bigint; ip: string; note: string | null },
): Promise<Record<string, string>> {
  switch (request.kind) {
    case 'adjust': {
      const member = await findMemberById(deps.db, request.memberId);
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
      return { transaction_id: adjusted.transaction_id, balance: adjusted.balance };
    }
    case 'deposit': {
      const currency = await loadMemberCurrency(deps.db, request.memberId);
      if (currency.currency !== request.currency) {
        throw new AppError(
          'CONFLICT',
          `The member now pays in ${currency.currency}, not ${request.currency}; reject this request and record it again`,
        );
      }
      const recorded = await recordManualDeposit(deps, {
        username: param(request, 'username'),
        amount: request.amountMinor,
        reference: param(request, 'reference'),
        reason: request.reason || undefined,
        operatorId: input.approverId,
        ip: input.ip,
      });
      if (recorded.duplicate) throw new AppError('CONFLICT', 'This receipt reference was already recorded; reject this request');
      return { deposit_id: recorded.deposit_id, amount_system: recorded.amount_system };
    }
    case 'code': {
      const resolved = await executeResolveCode(deps, {
        id: BigInt(param(request, 'review_id')),
        approve: true,
        amount: request.amountMinor,
        note: input.note ?? request.reason,
        operatorId: input.approverId,
        ip: input.ip,
      });
      return { deposit_id: resolved.deposit_id ?? '', amount_system: resolved.amount_system ?? '' };
    }
    case 'withdrawal': {
      const decided = await decideWithdrawal(deps, {
        withdrawalId: BigInt(param(request, 'withdrawal_id')),
        decision: 'complete',
        operatorId: input.approverId,
        ip: input.ip,
      });
      return { withdrawal_id: decided.id, status: decided.status };
    }
    default: {
      const unknown: never = request.kind;
      throw new Error(`Unknown approval kind ${String(unknown)}`);
    }
  }
}

/**
 * `adminapproverequest`: a second operator approves a pending request. In one transaction: the request row is locked
 * (a concurrent approval waits, then finds it decided: 409), the state machine allows pending -> approved only, the
 * approver must be neither the operator who asked nor the member whose money moves, the action executes once, and
 * the request's new state and the audit row are written. A failure (a wallet now too small, a withdrawal declined
 * meanwhile) rolls everything back and leaves the request pending, to be rejected.
 */
export async function approveRequest(
  deps: AppDeps,
  input: { id: bigint; note?: string; approverId: bigint; ip: string },
): Promise<AdminApprovalDecisionData> {
  return deps.db.transaction(async (tx) => {
    const request = await lockApprovalRequest(tx, input.id);
    if (!request) throw new AppError('NOT_FOUND', 'Approval request not found');
    const state = nextApprovalState(request.state, 'approve');
    if (request.requestedBy === input.approverId)
      throw new AppError('FORBIDDEN', 'Nobody approves their own request: a second operator must');
    if (request.memberId === input.approverId) throw new AppError('FORBIDDEN', OWN_ACCOUNT_MSG);
    const note = input.note?.trim() || null;
    const result = await execute(inTransaction(deps, tx), request, { approverId: input.approverId, ip: input.ip, note });
    await markApprovalDecided(tx, { id: request.id, state, decidedBy: input.approverId, at: deps.clock.now(), note, result });
    await writeAudit(tx, {
      actorId: input.approverId,
      action: 'approval.approve',
      targetType: 'approval_request',
      targetId: request.id,
      before: {
        state: request.state,
        kind: request.kind,
        requestedBy: request.requestedBy,
        memberId: request.memberId,
        amountMinor: request.amountMinor,
        currency: request.currency,
      },
      after: { state, note, result },
      ip: input.ip,
    });
    return toDecisionData(request, state, String(request.params.username ?? ''));
  });
}
