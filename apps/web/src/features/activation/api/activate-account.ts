import { ACTIVATION_MESSAGES, type ActivateData } from '@tuzo/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiCall, type ApiEnvelope } from '@/lib/api-client';

export { ACTIVATION_MESSAGES };

/** POST activateaccount (empty body): takes the fee from the Deposit wallet and pays the uplines. */
export function activateAccount(idempotencyKey: string): Promise<ApiEnvelope<ActivateData>> {
  return apiCall<ActivateData>('activateaccount', { method: 'POST', payload: {}, idempotencyKey });
}

export function useActivateAccount() {
  return useMutation({ mutationFn: (idempotencyKey: string) => activateAccount(idempotencyKey) });
}
