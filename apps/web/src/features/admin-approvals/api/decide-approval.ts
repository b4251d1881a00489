import type { AdminApprovalDecisionData } from '@tuzo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAction, type ApiEnvelope } from '@/lib/api-client';
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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideApproval,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: APPROVALS_KEY }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'member'] }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'withdrawals'] }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'review-codes'] }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'payouts'] }),
      ]),
  });
}
