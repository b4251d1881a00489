import type { WithdrawalHistoryRow } from '@tuzo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall, showErrorToast, type ApiEnvelope } from '@/lib/api-client';

export const WITHDRAWAL_HISTORY_FAILED = 'Failed to load withdrawal history';
export const FETCH_EXCEPTION = 'An error occurred while fetching data';

/** GET withdrawalhistory: the member's withdrawals, newest first. */
export async function getWithdrawalHistory(): Promise<WithdrawalHistoryRow[]> {
  let envelope: ApiEnvelope<WithdrawalHistoryRow[]>;
  try {
    envelope = await apiCall<WithdrawalHistoryRow[]>('withdrawalhistory');
  } catch {
    showErrorToast(FETCH_EXCEPTION);
    throw new Error(FETCH_EXCEPTION);
  }
  if (!envelope.resultcode) {
    const message = envelope.msg || WITHDRAWAL_HISTORY_FAILED;
    showErrorToast(message);
    throw new Error(message);
  }
  return Array.isArray(envelope.data) ? envelope.data : [];
}

export const withdrawalHistoryQueryOptions = queryOptions({
  queryKey: ['withdrawals', 'history'],
  queryFn: getWithdrawalHistory,
  retry: false,
});

export function useWithdrawalHistory() {
  return useQuery(withdrawalHistoryQueryOptions);
}
