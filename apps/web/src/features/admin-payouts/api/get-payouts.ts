import type { ActionPayload, AdminPayoutsData } from '@tuzo/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callAction } from '@/lib/api-client';
import { PAYOUTS_KEY } from './keys';

export const PAYOUTS_LIMIT = 50;

/** The queue's filters as the query string sends them (left out = no filter). */
export type PayoutsFilter = { [K in Exclude<keyof ActionPayload<'adminpayouts'>, 'page' | 'limit'>]?: string };

/** GET adminpayouts: payouts by state, provider and member, newest first (one page), with the count in each state. */
export async function getPayouts(filter: PayoutsFilter, page: number): Promise<AdminPayoutsData> {
  const { data } = await callAction('adminpayouts', { payload: { ...filter, page, limit: PAYOUTS_LIMIT } });
  return data;
}

/** What the table shows when the queue failed to load. */
export const PAYOUTS_TEXTS = { failed: 'Failed to load payouts', thrown: 'Failed to load payouts' } as const;

export function payoutsQueryOptions(filter: PayoutsFilter, page: number) {
  return queryOptions({
    queryKey: [...PAYOUTS_KEY, 'queue', filter, page],
    queryFn: () => getPayouts(filter, page),
    retry: false,
    staleTime: 5_000,
  });
}

export function usePayouts(filter: PayoutsFilter, page: number) {
  return useQuery({ ...payoutsQueryOptions(filter, page), placeholderData: keepPreviousData });
}
