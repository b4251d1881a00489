import type { AdminVideoRow, AdminVideoSaveInput } from '@tuzo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAction } from '@/lib/api-client';

/** POST adminvideosave: adds a video (no id) or edits one. */
export async function saveVideo(payload: AdminVideoSaveInput): Promise<{ msg: string; data: AdminVideoRow }> {
  const { msg, data } = await callAction('adminvideosave', { payload });
  return { msg, data };
}

export function useSaveVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveVideo,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'videos'] }),
  });
}
