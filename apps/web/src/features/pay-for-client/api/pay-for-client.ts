import type { PayForClientData, PayForClientPayload } from '@tuzo/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiCall, type ApiEnvelope } from '@/lib/api-client';

/** The contract's payload as sent: the amount is text with 2 decimals. */
export type PayForClientRequest = Omit<PayForClientPayload, 'amount'> & { amount: string };

/** POST payforclient: moves the amount from the payer's Jumbo (1) or Deposit (2) wallet to the client's Deposit. */
export function payForClient(payload: PayForClientRequest, idempotencyKey: string): Promise<ApiEnvelope<PayForClientData>> {
  return apiCall<PayForClientData>('payforclient', { method: 'POST', payload, idempotencyKey });
}

export function usePayForClient() {
  return useMutation({
    mutationFn: ({ payload, idempotencyKey }: { payload: PayForClientRequest; idempotencyKey: string }) =>
      payForClient(payload, idempotencyKey),
  });
}
