import type { DepositHistoryData, DepositHistoryRow } from '@tuzo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { apiCall, showErrorToast } from '@/lib/api-client';
import { refreshUserData } from '@/lib/session';

export const DEPOSIT_HISTORY_ERROR = 'Failed to load deposit history';
/** After a push request the history is polled so the member sees Pending become Completed. */
export const DEPOSIT_POLL_EVERY_MS = 2_000;
export const DEPOSIT_POLL_FOR_MS = 90_000;

export type { DepositHistoryRow };

let pollUntil = 0;
const listeners = new Set<() => void>();

/** Starts (or extends) polling of the deposit history; the table and the activation view follow it. */
export function startDepositPolling(forMs = DEPOSIT_POLL_FOR_MS): void {
  pollUntil = Date.now() + forMs;
  for (const listener of listeners) listener();
}

function stopDepositPolling(): void {
  pollUntil = 0;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function isPending(row: DepositHistoryRow): boolean {
  return String(row.Status) === '0';
}

/** GET deposithistory: the member's deposits, newest first. */
export async function getDepositHistory(): Promise<DepositHistoryRow[]> {
  let rows: DepositHistoryRow[] | null = null;
  try {
    const envelope = await apiCall<DepositHistoryData>('deposithistory');
    if (envelope.resultcode) rows = Array.isArray(envelope.data?.history) ? envelope.data.history : [];
  } catch {
    // Reported below with the spec's text.
  }
  if (rows === null) {
    showErrorToast(DEPOSIT_HISTORY_ERROR);
    throw new Error(DEPOSIT_HISTORY_ERROR);
  }
  if (pollUntil > 0) {
    // While polling, balances may have changed (a push completed): refresh them with each poll, and stop once
    // nothing is pending or the time is up.
    void refreshUserData();
    if (!rows.some(isPending) || Date.now() > pollUntil) stopDepositPolling();
  }
  return rows;
}

export const depositHistoryQueryOptions = queryOptions({
  queryKey: ['deposit', 'history'],
  queryFn: getDepositHistory,
  retry: false,
});

export function useDepositHistory() {
  const isPolling = useSyncExternalStore(subscribe, () => pollUntil > 0);
  return useQuery({ ...depositHistoryQueryOptions, refetchInterval: isPolling ? DEPOSIT_POLL_EVERY_MS : false });
}
