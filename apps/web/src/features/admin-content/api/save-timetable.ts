import type { AdminTimetableRow, AdminTimetableSaveInput } from '@tuzo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAction } from '@/lib/api-client';

/** POST admintimetablesave: adds a row (no id) or edits one. */
export async function saveTimetable(payload: AdminTimetableSaveInput): Promise<{ msg: string; data: AdminTimetableRow }> {
  const { msg, data } = await callAction('admintimetablesave', { payload });
  return { msg, data };
}

export function useSaveTimetable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTimetable,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'timetable'] }),
  });
}
