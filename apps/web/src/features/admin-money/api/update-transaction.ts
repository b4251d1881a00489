import type { ActionPayload, ApprovalRequestedData, UpdateTransData, UpdateTransPayload } from '@tuzo/contracts';
import { callAction, type ApiEnvelope } from '@/lib/api-client';
import { useReloadingMutation } from '@/hooks/use-reloading-mutation';

/** '2' completes a pending withdrawal, '1' declines it (the member is refunded in full, fee included). */
export type WithdrawalDecision = UpdateTransPayload['value'];

/** POST updatetrans: the operator's decision on one pending withdrawal. */
export function updateTransaction(
  payload: ActionPayload<'updatetrans'>,
  idempotencyKey: string,
): Promise<ApiEnvelope<UpdateTransData | ApprovalRequestedData>> {
  return callAction('updatetrans', { payload, idempotencyKey });
}

export function useUpdateTransaction() {
  // An approval above the four-eyes limit becomes a request on the Approvals page.
  return useReloadingMutation(
    ({ tid, value, idempotencyKey }: { tid: string; value: WithdrawalDecision; idempotencyKey: string }) =>
      updateTransaction({ tid, value }, idempotencyKey),
    [
      ['admin', 'withdrawals'],
      ['admin', 'approvals'],
    ],
  );
}
