import type { RequestPaymentData } from '@tuzo/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiCall, type ApiEnvelope } from '@/lib/api-client';

/** POST requestpayment: creates a pending deposit and returns the provider's hosted payment link. */
export function requestPayment(payload: { amount: number }, idempotencyKey: string): Promise<ApiEnvelope<RequestPaymentData>> {
  return apiCall<RequestPaymentData>('requestpayment', { method: 'POST', payload, idempotencyKey });
}

export function useRequestPayment() {
  return useMutation({
    mutationFn: ({ amount, idempotencyKey }: { amount: number; idempotencyKey: string }) =>
      requestPayment({ amount }, idempotencyKey),
  });
}
