import type { SpinData } from '@tuzo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAction, type ApiEnvelope } from '@/lib/api-client';
import { refreshUserData } from '@/lib/session';
import { spinKeys } from './spin-keys';

/** GET freespin (the spec's verb): the once-ever free spin. */
export function freeSpin(): Promise<ApiEnvelope<SpinData>> {
  return callAction('freespin');
}

/** A spin moves money and uses a nonce: user data and every spin query reload, and so does a refusal. */
export function useFreeSpin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: freeSpin,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: spinKeys.all });
      void refreshUserData();
    },
  });
}
