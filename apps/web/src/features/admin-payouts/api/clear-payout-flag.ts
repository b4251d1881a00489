import type { ActionPayload, AdminClearPayoutFlagData } from '@tuzo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAction, type ApiEnvelope } from '@/lib/api-client';
import { PAYOUTS_KEY } from './keys';

/** POST adminclearpayoutflag: clear one risk flag with a note (audited); the withdrawal may then be paid. */
export function clearPayoutFlag(
  payload: ActionPayload<'adminclearpayoutflag'>,
  idempotencyKey: string,
): Promise<ApiEnvelope<AdminClearPayoutFlagData>> {
  return callAction('adminclearpayoutflag', { payload, idempotencyKey });
}

export function useClearPayoutFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note, idempotencyKey }: { id: string; note: string; idempotencyKey: string }) =>
      clearPayoutFlag({ id, note }, idempotencyKey),
    // Clearing the last flag may start a payout (auto-pay) or free the withdrawal for an operator's approval.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: PAYOUTS_KEY }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'withdrawals'] }),
      ]),
  });
}
