import type { SpinSeedData, SpinSeedPayload } from '@tuzo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAction, type ApiEnvelope } from '@/lib/api-client';
import { spinKeys } from './spin-keys';

/** POST spinseed: reveals the seed in use, starts a new one, sets the client seed when given. */
export function rotateSpinSeed(payload: SpinSeedPayload): Promise<ApiEnvelope<SpinSeedData>> {
  return callAction('spinseed', { payload });
}

/** The revealed seed appears in the history and a new hash in the state: both reload. */
export function useRotateSpinSeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateSpinSeed,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: spinKeys.all }),
  });
}
