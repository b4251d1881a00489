import type { ConfirmPayForClientData } from '@tuzo/contracts';
import { useMutation } from '@tanstack/react-query';
import { callAction, type ApiEnvelope } from '@/lib/api-client';

/** POST confirmpayforclient: checks the client is in the payer's team and returns the payer's balances. */
export function confirmPayForClient(reusername: string): Promise<ApiEnvelope<ConfirmPayForClientData>> {
  return callAction('confirmpayforclient', { payload: { reusername } });
}

export function useConfirmPayForClient() {
  return useMutation({ mutationFn: (reusername: string) => confirmPayForClient(reusername) });
}
