import type { AdminTriviaRow } from '@tuzo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/** POST admintriviaretire: `active: false` retires the question, `true` restores it. */
export async function retireTrivia(payload: { id: string; active: boolean }): Promise<AdminTriviaRow> {
  const { data } = await apiCall<AdminTriviaRow>('admintriviaretire', { method: 'POST', payload });
  return data;
}

export function useRetireTrivia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retireTrivia,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'trivia'] }),
  });
}
