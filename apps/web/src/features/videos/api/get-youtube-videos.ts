import type { PopulateYoutubeData } from '@tuzo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { translate } from '@/i18n';
import { callAction, isSessionExpired, showErrorToast } from '@/lib/api-client';
import { videosTexts } from '../texts';

export interface VideoListResult extends PopulateYoutubeData {
  msg: string;
}

/** GET populateyoutube: today's videos on show and the days YouTube runs; "Failed to load videos" on failure. */
export async function getYoutubeVideos(): Promise<VideoListResult> {
  try {
    const { data, msg } = await callAction('populateyoutube');
    return { ...data, msg };
  } catch (error) {
    if (!isSessionExpired(error)) showErrorToast(translate(videosTexts, 'loadFailed'));
    throw error;
  }
}

export const youtubeVideosQueryOptions = queryOptions({
  queryKey: ['tasks', 'youtube'],
  queryFn: getYoutubeVideos,
  retry: false,
});

export function useYoutubeVideos() {
  return useQuery(youtubeVideosQueryOptions);
}
