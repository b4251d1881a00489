import type { ActionPayload, AdminMarkPayoutFailedData } from '@tuzo/contracts';
import { callAction, type ApiEnvelope } from '@/lib/api-client';
import { useReloadingMutation } from '@/hooks/use-reloading-mutation';
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
  return useReloadingMutation(
    ({ idempotencyKey, ...payload }: MarkPayoutFailedInput & { idempotencyKey: string }) =>
      markPayoutFailed(payload, idempotencyKey),
    [PAYOUTS_KEY, ['admin', 'withdrawals']],
  );
}
