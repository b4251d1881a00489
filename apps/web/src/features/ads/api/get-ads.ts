import type { PopulateAdsData } from '@tuzo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { translate } from '@/i18n';
import { callAction, isSessionExpired, showErrorToast } from '@/lib/api-client';
import { adsTexts } from '../texts';

/** GET populateads: today's ads on show with the member's response; "Failed to load ads" on failure. */
export async function getAds(): Promise<{ ads: PopulateAdsData; msg: string }> {
  try {
    const { data, msg } = await callAction('populateads');
    return { ads: Array.isArray(data) ? data : [], msg };
  } catch (error) {
    if (!isSessionExpired(error)) showErrorToast(translate(adsTexts, 'loadFailed'));
    throw error;
  }
}

export const adsQueryOptions = queryOptions({ queryKey: ['tasks', 'ads'], queryFn: getAds, retry: false });

export function useAds() {
  return useQuery(adsQueryOptions);
}
