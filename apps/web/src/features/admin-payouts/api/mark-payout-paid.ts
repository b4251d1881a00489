import type { ActionPayload, ApprovalRequestedData } from '@tuzo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAction, type ApiEnvelope } from '@/lib/api-client';
import { PAYOUTS_KEY } from './keys';

/**
 * POST adminmarkpayoutpaid: "Mark paid outside Tuzo" (decision 033). Nothing is settled yet: the answer is always a
 * request (kind `payout_paid`) that a different operator approves on /admin/approvals.
 */
/** The payload as sent: the payout's id as its decimal string. */
export type MarkPayoutPaidInput = ActionPayload<'adminmarkpayoutpaid'>;

export function markPayoutPaid(
  payload: MarkPayoutPaidInput,
  idempotencyKey: string,
): Promise<ApiEnvelope<ApprovalRequestedData>> {
  return callAction('adminmarkpayoutpaid', { payload, idempotencyKey });
}

export function useMarkPayoutPaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ idempotencyKey, ...payload }: MarkPayoutPaidInput & { idempotencyKey: string }) =>
      markPayoutPaid(payload, idempotencyKey),
    // The request joins the approvals waiting for a second operator.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: PAYOUTS_KEY }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'approvals'] }),
      ]),
  });
}
