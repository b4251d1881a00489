import type { SpinConsentData } from '@tuzo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAction, type ApiEnvelope } from '@/lib/api-client';
import { spinKeys } from './spin-keys';

/** POST spinconsent: the member states they are 18 or older (needed before the first casino spin). */
export function confirmSpinAge(): Promise<ApiEnvelope<SpinConsentData>> {
  return callAction('spinconsent', { payload: { confirm: true } });
}

export function useConfirmSpinAge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmSpinAge,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: spinKeys.state }),
  });
}
