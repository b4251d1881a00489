import type { AdminTaskDayPayload, AdminTaskDaysData, AdminTaskSchedule } from '@tuzo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAction } from '@/lib/api-client';
import { useReloadingMutation } from '@/hooks/use-reloading-mutation';

/** GET admintaskdays: the weekdays each task runs on. */
export async function getTaskDays(): Promise<AdminTaskDaysData> {
  const { data } = await callAction('admintaskdays');
  return data;
}

export const taskDaysQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'settings', 'task-days'], queryFn: getTaskDays, retry: false, staleTime: 5_000 });

export function useTaskDays() {
  return useQuery(taskDaysQueryOptions());
}

/** POST admintaskday: one task's weekdays. */
export async function saveTaskDays(payload: AdminTaskDayPayload): Promise<AdminTaskSchedule> {
  const { data } = await callAction('admintaskday', { payload });
  return data;
}

export function useSaveTaskDays() {
  return useReloadingMutation(saveTaskDays, [['admin', 'settings', 'task-days']], 'success');
}
