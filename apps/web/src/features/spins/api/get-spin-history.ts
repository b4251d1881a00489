import type { SpinHistoryData } from '@tuzo/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callAction } from '@/lib/api-client';
import { spinKeys } from './spin-keys';

export const SPIN_HISTORY_PAGE_SIZE = 10;

/** GET spinhistory: the member's spins, newest first, a page at a time. */
export async function getSpinHistory(page: number): Promise<SpinHistoryData> {
  const { data } = await callAction('spinhistory', { payload: { page, limit: SPIN_HISTORY_PAGE_SIZE } });
  return data;
}

export const spinHistoryQueryOptions = (page: number) =>
  queryOptions({
    queryKey: spinKeys.history(page),
    queryFn: () => getSpinHistory(page),
    placeholderData: keepPreviousData,
    retry: false,
  });

export function useSpinHistory(page: number) {
  return useQuery(spinHistoryQueryOptions(page));
}
