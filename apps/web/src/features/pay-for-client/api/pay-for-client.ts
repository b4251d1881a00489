import type { ActionPayload, PayForClientData } from '@tuzo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAction, isApiError, type ApiEnvelope } from '@/lib/api-client';
import { refreshUserData } from '@/lib/session';
import { transferHistoryQueryOptions } from './get-transfer-history';

/** The contract's payload as sent: the amount is text with 2 decimals. */
export type PayForClientRequest = ActionPayload<'payforclient'>;

/** POST payforclient: moves the amount from the payer's Jumbo (1) or Deposit (2) wallet to the client's Deposit. */
export function payForClient(payload: PayForClientRequest, idempotencyKey: string): Promise<ApiEnvelope<PayForClientData>> {
  return callAction('payforclient', { payload, idempotencyKey });
}

/** A payment reloads the transfer history and the balances; a refusal for the balance reloads the balances. */
export function usePayForClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ payload, idempotencyKey }: { payload: PayForClientRequest; idempotencyKey: string }) =>
      payForClient(payload, idempotencyKey),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: transferHistoryQueryOptions.queryKey });
      void refreshUserData();
    },
    onError: (error) => {
      if (isApiError(error, 'INSUFFICIENT_FUNDS')) void refreshUserData();
    },
  });
}
