import type { AdminAdRow } from '@tuzo/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

interface Page {
  rows: AdminAdRow[];
  page: number;
  limit: number;
  total: number;
}

/** GET adminads: the ads, newest first (one page of 100). */
export async function getAds(filter: { status?: string }, page: number): Promise<Page> {
  const { data } = await apiCall<Page>('adminads', { query: { ...filter, page, limit: 100 } });
  return data;
}

export function useAdminAds(filter: { status?: string }, page: number) {
  return useQuery({
    queryKey: ['admin', 'ads', filter, page],
    queryFn: () => getAds(filter, page),
    retry: false,
    placeholderData: keepPreviousData,
  });
}
