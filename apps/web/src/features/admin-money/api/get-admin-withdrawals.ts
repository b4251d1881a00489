import type { ActionPayload, AdminWithdrawalQueueData } from '@tuzo/contracts';
import { useListPage } from '@/hooks/use-list-page';
import { callAction } from '@/lib/api-client';

export const ADMIN_WITHDRAWALS_LIMIT = 50;

/** The queue's filters as the query string sends them (empty = no filter). */
export type WithdrawalsFilter = { [K in Exclude<keyof ActionPayload<'adminwithdrawalqueue'>, 'page' | 'limit'>]?: string };

/** GET adminwithdrawalqueue: withdrawals by status, member, wallet and date, newest first (one page). */
export async function getAdminWithdrawals(filter: WithdrawalsFilter, page: number): Promise<AdminWithdrawalQueueData> {
  const { data } = await callAction('adminwithdrawalqueue', {
    payload: { ...filter, page, limit: ADMIN_WITHDRAWALS_LIMIT },
  });
  return data;
}

/** What the table shows when the list failed to load. */
export const ADMIN_WITHDRAWALS_TEXTS = { failed: 'Failed to load withdrawals', thrown: 'Failed to load withdrawals' } as const;

export function useAdminWithdrawals(filter: WithdrawalsFilter, page: number) {
  return useListPage(['admin', 'withdrawals', filter, page], () => getAdminWithdrawals(filter, page));
}
