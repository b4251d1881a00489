import type { AdminRetryPayoutData } from '@tuzo/contracts';
import { callAction, type ApiEnvelope } from '@/lib/api-client';
import { useReloadingMutation } from '@/hooks/use-reloading-mutation';
import { PAYOUTS_KEY } from './keys';

/**
 * POST adminretrypayout: pay a failed payout again as a new withdrawal (the hold is taken from the wallet again).
 * Answered 200 once decided, or 202 when above the four-eyes threshold a second operator must approve.
 */
export function retryPayout(id: string, idempotencyKey: string): Promise<ApiEnvelope<AdminRetryPayoutData>> {
  return callAction('adminretrypayout', { payload: { id }, idempotencyKey });
}

export function useRetryPayout() {
  // A new withdrawal (and maybe a new payout or an approval request) now exists.
  return useReloadingMutation(
    ({ id, idempotencyKey }: { id: string; idempotencyKey: string }) => retryPayout(id, idempotencyKey),
    [PAYOUTS_KEY, ['admin', 'withdrawals'], ['admin', 'approvals']],
  );
}
