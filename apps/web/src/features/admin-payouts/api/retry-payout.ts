import type { AdminRetryPayoutData } from '@tuzo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAction, type ApiEnvelope } from '@/lib/api-client';
import { PAYOUTS_KEY } from './keys';

/**
 * POST adminretrypayout: pay a failed payout again as a new withdrawal (the hold is taken from the wallet again).
 * Answered 200 once decided, or 202 when above the four-eyes threshold a second operator must approve.
 */
export function retryPayout(id: string, idempotencyKey: string): Promise<ApiEnvelope<AdminRetryPayoutData>> {
  return callAction('adminretrypayout', { payload: { id }, idempotencyKey });
}

export function useRetryPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, idempotencyKey }: { id: string; idempotencyKey: string }) => retryPayout(id, idempotencyKey),
    // A new withdrawal (and maybe a new payout or an approval request) now exists.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: PAYOUTS_KEY }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'withdrawals'] }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'approvals'] }),
      ]),
  });
}
