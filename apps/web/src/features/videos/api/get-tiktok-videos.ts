import { queryOptions, useQuery } from '@tanstack/react-query';
import { translate } from '@/i18n';
import { callAction, isSessionExpired, showErrorToast } from '@/lib/api-client';
import { videosTexts } from '../texts';
import type { VideoListResult } from './get-youtube-videos';

/** The spec's fixed TikTok days (section 9); the server's own message names them when closed. */
const TIKTOK_DAYS = ['Sunday', 'Monday'];

/** GET populatetiktok: today's TikTok videos on show; "Failed to load videos" on failure. */
export async function getTiktokVideos(): Promise<VideoListResult> {
  try {
    const { data, msg } = await callAction('populatetiktok');
    return { videos: Array.isArray(data) ? data : [], dates: TIKTOK_DAYS, currency: '', msg };
  } catch (error) {
    if (!isSessionExpired(error)) showErrorToast(translate(videosTexts, 'loadFailed'));
    throw error;
  }
}

export const tiktokVideosQueryOptions = queryOptions({ queryKey: ['tasks', 'tiktok'], queryFn: getTiktokVideos, retry: false });

export function useTiktokVideos() {
  return useQuery(tiktokVideosQueryOptions);
}
