import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/** POST admintimetablesave: adds a row (no id) or edits one. */
export async function saveTimetable(payload: Record<string, unknown>): Promise<{ msg: string }> {
  const { msg } = await apiCall('admintimetablesave', { method: 'POST', payload });
  return { msg };
}

export function useSaveTimetable() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveTimetable, onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'timetable'] }) });
}
