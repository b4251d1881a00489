import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/** POST adminadretire: `active: false` retires, `true` restores. */
export async function retireAd(payload: Record<string, unknown>): Promise<{ msg: string }> {
  const { msg } = await apiCall('adminadretire', { method: 'POST', payload });
  return { msg };
}

export function useRetireAd() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: retireAd, onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'ads'] }) });
}
