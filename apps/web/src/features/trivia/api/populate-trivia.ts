import type { PopulateTriviaData } from '@tuzo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAction } from '@/lib/api-client';
import { triviaInfoQueryOptions } from './get-trivia-info';

/** GET populatetrivia (spec part 2, section 7): today's questions; the server starts the clock on the first call. */
export async function populateTrivia(): Promise<PopulateTriviaData> {
  const { data } = await callAction('populatetrivia');
  return Array.isArray(data) ? data : [];
}

/** Starting changes the round's state, so the intro's info is read again (it carries the seconds left). */
export function usePopulateTrivia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: populateTrivia,
    onSettled: () => queryClient.invalidateQueries({ queryKey: triviaInfoQueryOptions.queryKey }),
  });
}
