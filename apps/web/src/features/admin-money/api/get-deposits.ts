import type { ActionPayload, AdminDepositsData } from '@tuzo/contracts';
import { useListPage } from '@/hooks/use-list-page';
import { callAction } from '@/lib/api-client';

export const DEPOSITS_LIMIT = 50;

export type DepositsFilter = { [K in Exclude<keyof ActionPayload<'admindeposits'>, 'page' | 'limit'>]?: string };

/** GET admindeposits: deposits by status and provider, or only the stuck pushes, newest first (one page). */
export async function getDeposits(filter: DepositsFilter, page: number): Promise<AdminDepositsData> {
  const { data } = await callAction('admindeposits', { payload: { ...filter, page, limit: DEPOSITS_LIMIT } });
  return data;
}

export function useDeposits(filter: DepositsFilter, page: number) {
  return useListPage(['admin', 'deposits', filter, page], () => getDeposits(filter, page));
}
