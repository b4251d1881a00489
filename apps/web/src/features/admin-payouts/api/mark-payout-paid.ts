import type { ActionPayload, ApprovalRequestedData } from '@tuzo/contracts';
import { callAction, type ApiEnvelope } from '@/lib/api-client';
import { useReloadingMutation } from '@/hooks/use-reloading-mutation';
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
  // The request joins the approvals waiting for a second operator.
  return useReloadingMutation(
    ({ idempotencyKey, ...payload }: MarkPayoutPaidInput & { idempotencyKey: string }) => markPayoutPaid(payload, idempotencyKey),
    [PAYOUTS_KEY, ['admin', 'approvals']],
  );
}
