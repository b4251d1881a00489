import type { StkPushData, StkPushPayloadSchema } from '@tuzo/contracts';
import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAction, type ApiEnvelope } from '@/lib/api-client';
import { refreshAfterDepositRequest, startDepositPolling } from './get-deposit-history';

/**
 * The contract's payload as sent: phone in international format without the plus (2547XXXXXXXX); the amount a decimal
 * string ("500.00"). The server also takes a JSON number there, as the spec's client sends one; this client never does.
 */
export type StkPushRequest = z.input<typeof StkPushPayloadSchema> & { amount: string };

/** POST stkpush: asks M-Pesa to prompt the member's phone; the deposit stays pending until the provider confirms. */
export function stkPush(payload: StkPushRequest, idempotencyKey: string): Promise<ApiEnvelope<StkPushData>> {
  return callAction('stkpush', { payload, idempotencyKey });
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
