import type { ActionPayload, AdminTriviaRow } from '@tuzo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAction } from '@/lib/api-client';

/** POST admintriviaretire: `active: false` retires the question, `true` restores it. */
export async function retireTrivia(payload: ActionPayload<'admintriviaretire'>): Promise<AdminTriviaRow> {
  const { data } = await callAction('admintriviaretire', { payload });
  return data;
}

export function useRetireTrivia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retireTrivia,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'trivia'] }),
  });
}
