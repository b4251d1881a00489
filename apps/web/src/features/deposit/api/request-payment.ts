import type { RequestPaymentData } from '@tuzo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall, type ApiEnvelope } from '@/lib/api-client';
import { refreshAfterDepositRequest } from './get-deposit-history';

/** POST requestpayment: creates a pending deposit and returns the provider's hosted payment link. */
export function requestPayment(payload: { amount: number }, idempotencyKey: string): Promise<ApiEnvelope<RequestPaymentData>> {
  return apiCall<RequestPaymentData>('requestpayment', { method: 'POST', payload, idempotencyKey });
}

export function useRequestPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ amount, idempotencyKey }: { amount: number; idempotencyKey: string }) =>
      requestPayment({ amount }, idempotencyKey),
    onSuccess: () => refreshAfterDepositRequest(queryClient),
  });
}
