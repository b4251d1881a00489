import { TEAM_MESSAGES, type AllMyDownlinesData } from '@tuzo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall, failureText, showErrorToast } from '@/lib/api-client';

/** Spec part 2, section 8: the server's msg or this text. */
export const DOWNLINE_COUNT_TEXTS = { failed: TEAM_MESSAGES.loadFailed, thrown: TEAM_MESSAGES.loadFailed } as const;

/** GET allmyDownlines: total, active and dormant members on levels 1, 2 and 3. */
export async function getAllMyDownlines(): Promise<AllMyDownlinesData> {
  try {
    const { data } = await apiCall<AllMyDownlinesData>('allmyDownlines');
    return data;
  } catch (error) {
    const message = failureText(error, DOWNLINE_COUNT_TEXTS);
    if (message) showErrorToast(message);
    throw error;
  }
}

export const allMyDownlinesQueryOptions = queryOptions({
  queryKey: ['team', 'counts'],
  queryFn: getAllMyDownlines,
  retry: false,
});

export function useAllMyDownlines() {
  return useQuery(allMyDownlinesQueryOptions);
}
