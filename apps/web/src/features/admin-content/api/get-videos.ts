import type { ActionData } from '@tuzo/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callAction } from '@/lib/api-client';

type Page = ActionData<'adminvideos'>;

/** GET adminvideos: the video lists, newest first (one page of 100). */
export async function getVideos(filter: { task?: string; status?: string }, page: number): Promise<Page> {
  const { data } = await callAction('adminvideos', { payload: { ...filter, page, limit: 100 } });
  return data;
}

export function useAdminVideos(filter: { task?: string; status?: string }, page: number) {
  return useQuery({
    queryKey: ['admin', 'videos', filter, page],
    queryFn: () => getVideos(filter, page),
    retry: false,
    placeholderData: keepPreviousData,
  });
}
