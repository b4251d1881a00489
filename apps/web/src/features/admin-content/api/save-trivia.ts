import type { AdminTriviaRow, AdminTriviaSaveInput } from '@tuzo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAction } from '@/lib/api-client';

/** POST admintriviasave: adds a question (no id) or edits one. */
export async function saveTrivia(payload: AdminTriviaSaveInput): Promise<AdminTriviaRow> {
  const { data } = await callAction('admintriviasave', {
    payload: { ...payload, id: payload.id === undefined ? undefined : String(payload.id) },
  });
  return data;
}

export function useSaveTrivia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTrivia,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'trivia'] }),
  });
}
