import type { AdminTimetableRow, AdminTimetableDeleteInput } from '@tuzo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAction } from '@/lib/api-client';

/** POST admintimetabledelete: deletes a row. */
export async function deleteTimetable(payload: AdminTimetableDeleteInput): Promise<{ msg: string; data: AdminTimetableRow }> {
  const { msg, data } = await callAction('admintimetabledelete', { payload });
  return { msg, data };
}

export function useDeleteTimetable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTimetable,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'timetable'] }),
  });
}
