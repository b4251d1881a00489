import type { PayForClientData } from '@tuzo/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiCall, type ApiEnvelope } from '@/lib/api-client';

export interface PayForClientRequest {
  acc: '1' | '2';
  reusername: string;
  /** Text with 2 decimals. */
  amount: string;
}

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
