import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * A mutation that reloads the queries under each of `reloads` (keys, or keys read from the variables) once it has
 * settled, answered or refused (a refusal often means the list changed meanwhile); with `when: 'success'`, only after
 * an answer. The reload is awaited before `mutateAsync` resolves, so the screen shows the new state at once.
 */
export function useReloadingMutation<Variables, Answer>(
  mutationFn: (variables: Variables) => Promise<Answer>,
  reloads: readonly QueryKey[] | ((variables: Variables) => readonly QueryKey[]),
  when: 'settled' | 'success' = 'settled',
) {
  const queryClient = useQueryClient();
  const reload = (variables: Variables) =>
    Promise.all(
      (typeof reloads === 'function' ? reloads(variables) : reloads).map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
  return useMutation({
    mutationFn,
    onSuccess: (_answer, variables) => (when === 'success' ? reload(variables) : undefined),
    onSettled: (_answer, _error, variables) => (when === 'settled' ? reload(variables) : undefined),
  });
}
