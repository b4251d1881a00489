import type { AllMyDownlinesData } from '@tuzo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { translate } from '@/i18n';
import { callAction, failureText, showErrorToast } from '@/lib/api-client';
import { teamTexts } from '../texts';

/** Spec part 2, section 8: the server's msg or this text. */
export function downlineCountTexts(): { failed: string; thrown: string } {
  const text = translate(teamTexts, 'loadFailed');
  return { failed: text, thrown: text };
}

/** GET allmyDownlines: total, active and dormant members on levels 1, 2 and 3. */
export async function getAllMyDownlines(): Promise<AllMyDownlinesData> {
  try {
    const { data } = await callAction('allmyDownlines');
    return data;
  } catch (error) {
    const message = failureText(error, downlineCountTexts());
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
