import { queryOptions, useQuery } from '@tanstack/react-query';
import { translate } from '@/i18n';
import { callAction, failureText, showErrorToast } from '@/lib/api-client';
import { teamTexts } from '../texts';

/** GET affiliatelink: `{public site url}/reg/{username}`, the address chosen by the operator. */
export async function getAffiliateLink(): Promise<string> {
  try {
    const { data } = await callAction('affiliatelink');
    return data.link;
  } catch (error) {
    const message = failureText(error, { failed: translate(teamTexts, 'affiliateFailed') });
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
