import type { ActionPayload, AdminDepositsData } from '@tuzo/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callAction } from '@/lib/api-client';

export const DEPOSITS_LIMIT = 50;

export type DepositsFilter = { [K in Exclude<keyof ActionPayload<'admindeposits'>, 'page' | 'limit'>]?: string };

/** GET admindeposits: deposits by status and provider, or only the stuck pushes, newest first (one page). */
export async function getDeposits(filter: DepositsFilter, page: number): Promise<AdminDepositsData> {
  const { data } = await callAction('admindeposits', { payload: { ...filter, page, limit: DEPOSITS_LIMIT } });
  return data;
}

export function depositsQueryOptions(filter: DepositsFilter, page: number) {
  return queryOptions({
    queryKey: ['admin', 'deposits', filter, page],
    queryFn: () => getDeposits(filter, page),
    retry: false,
    staleTime: 5_000,
  });
}

export function useDeposits(filter: DepositsFilter, page: number) {
  return useQuery({ ...depositsQueryOptions(filter, page), placeholderData: keepPreviousData });
}
