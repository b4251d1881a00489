import type { ConfirmPayForClientData } from '@tuzo/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiCall, type ApiEnvelope } from '@/lib/api-client';

/** POST confirmpayforclient: checks the client is in the payer's team and returns the payer's balances. */
export function confirmPayForClient(reusername: string): Promise<ApiEnvelope<ConfirmPayForClientData>> {
  return apiCall<ConfirmPayForClientData>('confirmpayforclient', { method: 'POST', payload: { reusername } });
}

export function useConfirmPayForClient() {
  return useMutation({ mutationFn: (reusername: string) => confirmPayForClient(reusername) });
}
