import type { ActionPayload, AdminMarkPayoutFailedData } from '@tuzo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAction, type ApiEnvelope } from '@/lib/api-client';
import { PAYOUTS_KEY } from './keys';

/** The payload as sent: the payout's id as its decimal string. */
export type MarkPayoutFailedInput = ActionPayload<'adminmarkpayoutfailed'>;

/**
 * POST adminmarkpayoutfailed (decision 046): a payout the provider answered "not found" or "failed" about is marked
 * failed; its amount and charge go back to the member's wallet at once.
 */
export function markPayoutFailed(
  payload: MarkPayoutFailedInput,
  idempotencyKey: string,
): Promise<ApiEnvelope<AdminMarkPayoutFailedData>> {
  return callAction('adminmarkpayoutfailed', { payload, idempotencyKey });
}

export function useMarkPayoutFailed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ idempotencyKey, ...payload }: MarkPayoutFailedInput & { idempotencyKey: string }) =>
      markPayoutFailed(payload, idempotencyKey),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: PAYOUTS_KEY }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'withdrawals'] }),
      ]),
  });
}
