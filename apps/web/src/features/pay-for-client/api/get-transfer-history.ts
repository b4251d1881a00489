import type { TransferHistoryRow } from '@tuzo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { translate } from '@/i18n';
import { callAction, failureText, showErrorToast } from '@/lib/api-client';
import { payForClientTexts } from '../texts';

/** Spec part 2: the history shows the server's msg or the load-failure text. */
export function transferHistoryTexts(): { failed: string; thrown: string } {
  const text = translate(payForClientTexts, 'historyFailed');
  return { failed: text, thrown: text };
}

/** GET populatepayfroclient (the spec's spelling): transfers sent and received, newest first. */
export async function getTransferHistory(): Promise<TransferHistoryRow[]> {
  try {
    const { data } = await callAction('populatepayfroclient');
    return Array.isArray(data) ? data : [];
  } catch (error) {
    const message = failureText(error, transferHistoryTexts());
    if (message) showErrorToast(message);
    throw error;
  }
}

export const transferHistoryQueryOptions = queryOptions({
  queryKey: ['pay-for-client', 'history'],
  queryFn: getTransferHistory,
  retry: false,
});

export function useTransferHistory() {
  return useQuery(transferHistoryQueryOptions);
}
