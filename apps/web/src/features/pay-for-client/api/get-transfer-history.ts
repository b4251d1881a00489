import type { TransferHistoryRow } from '@tuzo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall, showErrorToast, type ApiEnvelope } from '@/lib/api-client';

export const TRANSFER_HISTORY_FAILED = 'Failed to load transfer history';

/** GET populatepayfroclient (the spec's spelling): transfers sent and received, newest first. */
export async function getTransferHistory(): Promise<TransferHistoryRow[]> {
  let envelope: ApiEnvelope<TransferHistoryRow[]>;
  try {
    envelope = await apiCall<TransferHistoryRow[]>('populatepayfroclient');
  } catch {
    showErrorToast(TRANSFER_HISTORY_FAILED);
    throw new Error(TRANSFER_HISTORY_FAILED);
  }
  if (!envelope.resultcode) {
    const message = envelope.msg || TRANSFER_HISTORY_FAILED;
    showErrorToast(message);
    throw new Error(message);
  }
  return Array.isArray(envelope.data) ? envelope.data : [];
}

export const transferHistoryQueryOptions = queryOptions({
  queryKey: ['pay-for-client', 'history'],
  queryFn: getTransferHistory,
  retry: false,
});

export function useTransferHistory() {
  return useQuery(transferHistoryQueryOptions);
}
