import type { ActionData } from '@tuzo/contracts';
import { useListPage } from '@/hooks/use-list-page';
import { callAction } from '@/lib/api-client';

type Page = ActionData<'adminvideos'>;

/** GET adminvideos: the video lists, newest first (one page of 100). */
export async function getVideos(filter: { task?: string; status?: string }, page: number): Promise<Page> {
  const { data } = await callAction('adminvideos', { payload: { ...filter, page, limit: 100 } });
  return data;
}

export function useAdminVideos(filter: { task?: string; status?: string }, page: number) {
  return useListPage(['admin', 'videos', filter, page], () => getVideos(filter, page), 0);
}
