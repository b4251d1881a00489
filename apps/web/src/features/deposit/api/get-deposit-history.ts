import type { DepositHistoryRow } from '@tuzo/contracts';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { callAction, isSessionExpired, showErrorToast } from '@/lib/api-client';
import { translate } from '@/i18n';
import { refreshUserData } from '@/lib/session';
import { depositTexts } from '../texts';

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

/** GET deposithistory: the member's deposits, newest first. Any failure shows the spec's one text. */
export async function getDepositHistory(): Promise<DepositHistoryRow[]> {
  let rows: DepositHistoryRow[];
  try {
    const { data } = await callAction('deposithistory');
    rows = Array.isArray(data?.history) ? data.history : [];
  } catch (error) {
    if (!isSessionExpired(error)) showErrorToast(translate(depositTexts, 'historyFailed'));
    throw error;
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

/** After a deposit request: the history shows the new row and the balances follow. Called by the mutation hooks. */
export function refreshAfterDepositRequest(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: depositHistoryQueryOptions.queryKey });
  void refreshUserData();
}

export function useDepositHistory() {
  const isPolling = useSyncExternalStore(subscribe, () => pollUntil > 0);
  return useQuery({ ...depositHistoryQueryOptions, refetchInterval: isPolling ? DEPOSIT_POLL_EVERY_MS : false });
}
