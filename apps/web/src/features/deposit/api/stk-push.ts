import type { StkPushData, StkPushPayload } from '@tuzo/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiCall, type ApiEnvelope } from '@/lib/api-client';

/** The contract's payload as sent: phone in international format without the plus (2547XXXXXXXX); the amount a JSON number. */
export type StkPushRequest = Omit<StkPushPayload, 'amount'> & { amount: number };

/** POST stkpush: asks M-Pesa to prompt the member's phone; the deposit stays pending until the provider confirms. */
export function stkPush(payload: StkPushRequest, idempotencyKey: string): Promise<ApiEnvelope<StkPushData>> {
  return apiCall<StkPushData>('stkpush', { method: 'POST', payload, idempotencyKey });
}

export function useStkPush() {
  return useMutation({
    mutationFn: ({ payload, idempotencyKey }: { payload: StkPushRequest; idempotencyKey: string }) =>
      stkPush(payload, idempotencyKey),
  });
}
