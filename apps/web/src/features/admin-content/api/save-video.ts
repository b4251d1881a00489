import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/** POST adminvideosave: adds a video (no id) or edits one. */
export async function saveVideo(payload: Record<string, unknown>): Promise<{ msg: string }> {
  const { msg } = await apiCall('adminvideosave', { method: 'POST', payload });
  return { msg };
}

export function useSaveVideo() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveVideo, onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'videos'] }) });
}
