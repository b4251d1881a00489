import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshUserData } from '@/lib/session';
import { tiktokVideosQueryOptions } from './get-tiktok-videos';
import { youtubeVideosQueryOptions } from './get-youtube-videos';
import { payTiktok } from './pay-tiktok';
import { payYoutube } from './pay-youtube';

export type VideoTask = 'youtube' | 'tiktok';

/**
 * Pays a watched video (payyoutube / paytiktok). On success the list is marked paid and the wallets reload; a
 * failure is only logged, as the spec's client does (section 8, silent failures).
 */
export function usePayVideo(task: VideoTask) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vid: string) => (task === 'youtube' ? payYoutube(vid) : payTiktok(vid)),
    onSuccess: () => {
      void queryClient.invalidateQueries({
        queryKey: (task === 'youtube' ? youtubeVideosQueryOptions : tiktokVideosQueryOptions).queryKey,
      });
      void refreshUserData();
    },
    onError: (error) => console.warn('Video payment failed', error),
  });
}
