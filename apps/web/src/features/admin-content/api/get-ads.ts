import type { ActionData } from '@tuzo/contracts';
import { useListPage } from '@/hooks/use-list-page';
import { callAction } from '@/lib/api-client';

type Page = ActionData<'adminads'>;

/** GET adminads: the ads, newest first (one page of 100). */
export async function getAds(filter: { status?: string }, page: number): Promise<Page> {
  const { data } = await callAction('adminads', { payload: { ...filter, page, limit: 100 } });
  return data;
}

export function useAdminAds(filter: { status?: string }, page: number) {
  return useListPage(['admin', 'ads', filter, page], () => getAds(filter, page), 0);
}
