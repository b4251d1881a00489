import type { AdminCheckPayoutData } from '@tuzo/contracts';
import { callAction, type ApiEnvelope } from '@/lib/api-client';
import { useReloadingMutation } from '@/hooks/use-reloading-mutation';
import { PAYOUTS_KEY } from './keys';

/** POST admincheckpayout: ask the provider where one payout stands (B2C status query, Flutterwave fetch). */
export function checkPayout(id: string): Promise<ApiEnvelope<AdminCheckPayoutData>> {
  return callAction('admincheckpayout', { payload: { id } });
}

export function useCheckPayout() {
  // A settled payout also settles its withdrawal.
  return useReloadingMutation(checkPayout, [PAYOUTS_KEY, ['admin', 'withdrawals']]);
}
