import type { AdminTriviaData } from '@tuzo/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callAction } from '@/lib/api-client';

export const TRIVIA_PAGE_SIZE = 25;

/** The bank's filter as the query string sends it (empty = no filter). */
export interface TriviaFilter {
  q?: string;
  status?: '' | 'active' | 'retired';
}

/** GET admintrivia: one page of the trivia bank, newest first. */
export async function getTrivia(filter: TriviaFilter, page: number): Promise<AdminTriviaData> {
  const { data } = await callAction('admintrivia', {
    payload: { q: filter.q || undefined, status: filter.status || undefined, page, limit: TRIVIA_PAGE_SIZE },
  });
  return data;
}

export function triviaQueryOptions(filter: TriviaFilter, page: number) {
  return queryOptions({
    queryKey: ['admin', 'trivia', filter, page],
    queryFn: () => getTrivia(filter, page),
    retry: false,
    staleTime: 10_000,
  });
}

export function useTrivia(filter: TriviaFilter, page: number) {
  return useQuery({ ...triviaQueryOptions(filter, page), placeholderData: keepPreviousData });
}
