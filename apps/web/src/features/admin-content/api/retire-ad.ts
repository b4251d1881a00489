import type { AdminAdRow, RetireInput } from '@tuzo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAction } from '@/lib/api-client';

/** POST adminadretire: `active: false` retires, `true` restores. */
export async function retireAd(payload: RetireInput): Promise<{ msg: string; data: AdminAdRow }> {
  const { msg, data } = await callAction('adminadretire', { payload });
  return { msg, data };
}

export function useRetireAd() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: retireAd, onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'ads'] }) });
}
