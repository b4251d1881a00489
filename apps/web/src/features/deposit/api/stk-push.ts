import type { StkPushData, StkPushPayload } from '@tuzo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall, type ApiEnvelope } from '@/lib/api-client';
import { refreshAfterDepositRequest, startDepositPolling } from './get-deposit-history';

/**
 * The contract's payload as sent: phone in international format without the plus (2547XXXXXXXX); the amount a JSON
 * number, as the spec's client sends it (the server reads it from its decimal text).
 */
export type StkPushRequest = Omit<StkPushPayload, 'amount'> & { amount: number };

/** POST stkpush: asks M-Pesa to prompt the member's phone; the deposit stays pending until the provider confirms. */
export function stkPush(payload: StkPushRequest, idempotencyKey: string): Promise<ApiEnvelope<StkPushData>> {
  return apiCall<StkPushData>('stkpush', { method: 'POST', payload, idempotencyKey });
}

/** On success the deposit history is polled until the push completes, and the balances follow. */
export function useStkPush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ payload, idempotencyKey }: { payload: StkPushRequest; idempotencyKey: string }) =>
      stkPush(payload, idempotencyKey),
    onSuccess: () => {
      startDepositPolling();
      refreshAfterDepositRequest(queryClient);
    },
  });
}
