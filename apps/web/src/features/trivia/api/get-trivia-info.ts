import type { TriviaInfoData } from '@tuzo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAction } from '@/lib/api-client';

/** GET triviainfo: the intro card's price (member's currency), rules, availability and today's round. */
export async function getTriviaInfo(): Promise<TriviaInfoData> {
  const { data } = await callAction('triviainfo');
  return data;
}

export const triviaInfoQueryOptions = queryOptions({
  queryKey: ['trivia', 'info'],
  queryFn: getTriviaInfo,
  retry: false,
});

export function useTriviaInfo() {
  return useQuery(triviaInfoQueryOptions);
}
