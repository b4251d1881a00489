import type { ActionPayload, SpinData } from '@tuzo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAction, type ApiEnvelope } from '@/lib/api-client';
import { refreshUserData } from '@/lib/session';
import { spinKeys } from './spin-keys';

/** The contract's payload as sent: the stake as text with 2 decimals. */
export type RequestSpinRequest = ActionPayload<'requestSpin'>;

/** POST requestSpin: the stake leaves the wallet, stake x multiplier comes back into Jumbo. */
export function requestSpin(payload: RequestSpinRequest, idempotencyKey: string): Promise<ApiEnvelope<SpinData>> {
  return callAction('requestSpin', { payload, idempotencyKey });
}

/** After a spin (or a refusal: the balances or guardrails were out of date) user data and spin queries reload. */
export function useRequestSpin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ payload, idempotencyKey }: { payload: RequestSpinRequest; idempotencyKey: string }) =>
      requestSpin(payload, idempotencyKey),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: spinKeys.all });
      void refreshUserData();
    },
  });
}
