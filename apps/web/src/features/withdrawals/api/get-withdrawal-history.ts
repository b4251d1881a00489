import type { WithdrawalHistoryRow } from '@tuzo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { translate } from '@/i18n';
import { callAction, failureText, showErrorToast } from '@/lib/api-client';
import { withdrawalsTexts } from '../texts';

/** Spec part 2, section 8: the server's msg or this text for a failed answer; the other for an exception. */
export function withdrawalHistoryTexts(): { failed: string; thrown: string } {
  return { failed: translate(withdrawalsTexts, 'historyFailed'), thrown: translate(withdrawalsTexts, 'historyError') };
}

/** GET withdrawalhistory: the member's withdrawals, newest first. */
export async function getWithdrawalHistory(): Promise<WithdrawalHistoryRow[]> {
  try {
    const { data } = await callAction('withdrawalhistory');
    return Array.isArray(data) ? data : [];
  } catch (error) {
    const message = failureText(error, withdrawalHistoryTexts());
    if (message) showErrorToast(message);
    throw error;
  }
}

export const withdrawalHistoryQueryOptions = queryOptions({
  queryKey: ['withdrawals', 'history'],
  queryFn: getWithdrawalHistory,
  retry: false,
});

export function useWithdrawalHistory() {
  return useQuery(withdrawalHistoryQueryOptions);
}
