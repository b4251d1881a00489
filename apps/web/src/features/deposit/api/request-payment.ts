import type { RequestPaymentData, RequestPaymentPayloadSchema } from '@tuzo/contracts';
import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAction, type ApiEnvelope } from '@/lib/api-client';
import { refreshAfterDepositRequest } from './get-deposit-history';

/** The contract's payload as sent: the amount a decimal string ("500.00"), never a JavaScript number. */
export type RequestPaymentRequest = z.input<typeof RequestPaymentPayloadSchema> & { amount: string };

/** POST requestpayment: creates a pending deposit and returns the provider's hosted payment link. */
export function requestPayment(payload: RequestPaymentRequest, idempotencyKey: string): Promise<ApiEnvelope<RequestPaymentData>> {
  return callAction('requestpayment', { payload, idempotencyKey });
}

export function useRequestPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ amount, idempotencyKey }: { amount: string; idempotencyKey: string }) =>
      requestPayment({ amount }, idempotencyKey),
    onSuccess: () => refreshAfterDepositRequest(queryClient),
  });
}
