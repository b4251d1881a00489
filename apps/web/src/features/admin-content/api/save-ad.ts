import type { AdminAdRow, AdminAdSaveInput } from '@tuzo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAction } from '@/lib/api-client';

/** POST adminadsave: adds an ad (no id) or edits one. */
export async function saveAd(payload: AdminAdSaveInput): Promise<{ msg: string; data: AdminAdRow }> {
  const { msg, data } = await callAction('adminadsave', { payload });
  return { msg, data };
}

export function useSaveAd() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveAd, onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'ads'] }) });
}
