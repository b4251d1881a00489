import type { AffiliateLinkData } from '@tuzo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall, failureText, showErrorToast } from '@/lib/api-client';

const AFFILIATE_LINK_TEXTS = { failed: 'Failed to load your affiliate link' } as const;

/** GET affiliatelink: `{public site url}/reg/{username}`, the address chosen by the operator. */
export async function getAffiliateLink(): Promise<string> {
  try {
    const { data } = await apiCall<AffiliateLinkData>('affiliatelink');
    return data.link;
  } catch (error) {
    const message = failureText(error, AFFILIATE_LINK_TEXTS);
    if (message) showErrorToast(message);
    throw error;
  }
}

export const affiliateLinkQueryOptions = queryOptions({
  queryKey: ['team', 'affiliate-link'],
  queryFn: getAffiliateLink,
  retry: false,
  // The link changes only when the operator moves the public site.
  staleTime: 10 * 60_000,
});

export function useAffiliateLink() {
  return useQuery(affiliateLinkQueryOptions);
}
