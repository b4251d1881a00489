import type { ActionPayload, AdminClearPayoutFlagData } from '@tuzo/contracts';
import { callAction, type ApiEnvelope } from '@/lib/api-client';
import { useReloadingMutation } from '@/hooks/use-reloading-mutation';
import { PAYOUTS_KEY } from './keys';

/** POST adminclearpayoutflag: clear one risk flag with a note (audited); the withdrawal may then be paid. */
export function clearPayoutFlag(
  payload: ActionPayload<'adminclearpayoutflag'>,
  idempotencyKey: string,
): Promise<ApiEnvelope<AdminClearPayoutFlagData>> {
  return callAction('adminclearpayoutflag', { payload, idempotencyKey });
}

export function useClearPayoutFlag() {
  // Clearing the last flag may start a payout (auto-pay) or free the withdrawal for an operator's approval.
  return useReloadingMutation(
    ({ id, note, idempotencyKey }: { id: string; note: string; idempotencyKey: string }) =>
      clearPayoutFlag({ id, note }, idempotencyKey),
    [PAYOUTS_KEY, ['admin', 'withdrawals']],
  );
}
