import type { AdminApprovalDecisionData } from '@tuzo/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { writeAudit } from '../audit/index.ts';
import { lockApprovalRequest, markApprovalDecided, type ApprovalRequestRow } from './approvals.repository.ts';
import { nextApprovalState, OWN_ACCOUNT_MSG, toDecisionData } from './approvals.service.ts';
import { refuseCreatedByRequester } from './staff-creators.ts';

/**
 * The services run inside the approval's transaction: their own `deps.db.transaction` becomes a savepoint of it and
 * `recordMovement` runs on its connection, so the money, the request's new state and both audit rows commit together
 * or not at all. (Drizzle's transaction handle is a database handle with the same query API; none of these services
 * uses `deps.pool`.)
 */
function inTransaction(deps: AppDeps, tx: DbOrTx): AppDeps {
  return { ...deps, db: tx as unknown as Db };
}

/** What approving a request runs: the original action, in the approver's name, inside the approval's transaction. */
export type ApprovalExecutor = (
  deps: AppDeps,
  request: ApprovalRequestRow,
  input: { approverId: bigint; ip: string; note: string | null },
) => Promise<Record<string, string>>;

/**
 * `adminapproverequest`: a second operator approves a pending request. In one transaction: the request row is locked
 * (a concurrent approval waits, then finds it decided: 409), the state machine allows pending -> approved only, the
 * approver must be neither the operator who asked nor the member whose money moves, the action executes once, and
 * the request's new state and the audit row are written. A failure (a wallet now too small, a withdrawal declined
 * meanwhile) rolls everything back and leaves the request pending, to be rejected. What each kind runs is the
 * caller's `execute` (admin-approvals' `executeApproval`, which knows the money services): the modules that ask for
 * an approval never import back what executes it.
 */
export async function approveRequest(
  deps: AppDeps,
  input: { id: bigint; note?: string; approverId: bigint; ip: string },
  execute: ApprovalExecutor,
): Promise<AdminApprovalDecisionData> {
  return deps.db.transaction(async (tx) => {
    const request = await lockApprovalRequest(tx, input.id);
    if (!request) throw new AppError('NOT_FOUND', 'Approval request not found');
    const state = nextApprovalState(request.state, 'approve');
    if (request.requestedBy === input.approverId)
      throw new AppError('FORBIDDEN', 'Nobody approves their own request: a second operator must');
    if (request.memberId === input.approverId) throw new AppError('FORBIDDEN', OWN_ACCOUNT_MSG);
    await refuseCreatedByRequester(tx, { request, deciderId: input.approverId });
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
