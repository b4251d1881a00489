import type { AdminOverviewData } from '@tuzo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAction } from '@/lib/api-client';

/** GET adminoverview: the console's figures and its 30 days of charts. */
export async function getOverview(): Promise<AdminOverviewData> {
  const { data } = await callAction('adminoverview');
  return data;
}

export function overviewQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'overview'],
    queryFn: getOverview,
    retry: false,
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
}

export function useOverview() {
  return useQuery(overviewQueryOptions());
}
