import type { AdminApprovalDecisionData } from '@tuzo/contracts';
import { callAction, type ApiEnvelope } from '@/lib/api-client';
import { useReloadingMutation } from '@/hooks/use-reloading-mutation';
import { APPROVALS_KEY } from './get-approvals';

/** Approve (the money moves now, once), reject with a reason (nothing moves), or cancel one's own request. */
export type ApprovalDecision = { kind: 'approve'; id: string; note?: string } | { kind: 'reject'; id: string; reason: string };

/** POST adminapproverequest or adminrejectrequest. */
export function decideApproval(decision: ApprovalDecision): Promise<ApiEnvelope<AdminApprovalDecisionData>> {
  if (decision.kind === 'approve') {
    return callAction('adminapproverequest', {
      payload: { id: decision.id, note: decision.note },
    });
  }
  return callAction('adminrejectrequest', {
    payload: { id: decision.id, reason: decision.reason },
  });
}

/** A decision reloads the requests and whatever money the approval moved (members, withdrawals, codes, payouts). */
export function useDecideApproval() {
  return useReloadingMutation(decideApproval, [
    APPROVALS_KEY,
    ['admin', 'member'],
    ['admin', 'withdrawals'],
    ['admin', 'review-codes'],
    ['admin', 'payouts'],
  ]);
}
