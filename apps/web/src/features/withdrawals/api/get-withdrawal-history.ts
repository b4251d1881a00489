import type { WithdrawalHistoryRow } from '@tuzo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall, failureText, showErrorToast } from '@/lib/api-client';

/** Spec part 2, section 8: the server's msg or this text for a failed answer; the other for an exception. */
export const WITHDRAWAL_HISTORY_TEXTS = {
  failed: 'Failed to load withdrawal history',
  thrown: 'An error occurred while fetching data',
} as const;

/** GET withdrawalhistory: the member's withdrawals, newest first. */
export async function getWithdrawalHistory(): Promise<WithdrawalHistoryRow[]> {
  try {
    const { data } = await apiCall<WithdrawalHistoryRow[]>('withdrawalhistory');
    return Array.isArray(data) ? data : [];
  } catch (error) {
    const message = failureText(error, WITHDRAWAL_HISTORY_TEXTS);
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
