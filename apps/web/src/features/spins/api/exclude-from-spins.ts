import type { SelfExclusionPeriod, SpinExcludeData } from '@tuzo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAction, type ApiEnvelope } from '@/lib/api-client';
import { spinKeys } from './spin-keys';

/** POST spinexclude: no casino spins for 1, 7 or 30 days, or forever. */
export function excludeFromSpins(days: SelfExclusionPeriod): Promise<ApiEnvelope<SpinExcludeData>> {
  return callAction('spinexclude', { payload: { days } });
}

export function useExcludeFromSpins() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: excludeFromSpins,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: spinKeys.state }),
  });
}
