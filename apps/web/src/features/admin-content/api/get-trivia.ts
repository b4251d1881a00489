import type { AdminTriviaData } from '@tuzo/contracts';
import { useListPage } from '@/hooks/use-list-page';
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

export function useTrivia(filter: TriviaFilter, page: number) {
  return useListPage(['admin', 'trivia', filter, page], () => getTrivia(filter, page), 10_000);
}
