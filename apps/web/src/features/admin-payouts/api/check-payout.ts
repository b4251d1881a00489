import type { AdminCheckPayoutData } from '@tuzo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAction, type ApiEnvelope } from '@/lib/api-client';
import { PAYOUTS_KEY } from './keys';

/** POST admincheckpayout: ask the provider where one payout stands (B2C status query, Flutterwave fetch). */
export function checkPayout(id: string): Promise<ApiEnvelope<AdminCheckPayoutData>> {
  return callAction('admincheckpayout', { payload: { id } });
}

export function useCheckPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkPayout,
    // A settled payout also settles its withdrawal.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: PAYOUTS_KEY }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'withdrawals'] }),
      ]),
  });
}
