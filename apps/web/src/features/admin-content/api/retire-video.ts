import type { AdminVideoRow, RetireInput } from '@tuzo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAction } from '@/lib/api-client';

/** POST adminvideoretire: `active: false` retires, `true` restores. */
export async function retireVideo(payload: RetireInput): Promise<{ msg: string; data: AdminVideoRow }> {
  const { msg, data } = await callAction('adminvideoretire', { payload });
  return { msg, data };
}

export function useRetireVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retireVideo,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'videos'] }),
  });
}
