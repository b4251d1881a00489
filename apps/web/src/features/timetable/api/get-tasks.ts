import { TASK_MESSAGES, type TasksData } from '@tuzo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAction, failureText, showErrorToast } from '@/lib/api-client';

/** GET tasks: the operator's timetable rows; the server's msg or "Failed to fetch tasks" on failure. */
export async function getTasks(): Promise<TasksData> {
  try {
    const { data } = await callAction('tasks');
    return Array.isArray(data) ? data : [];
  } catch (error) {
    const message = failureText(error, { failed: TASK_MESSAGES.tasksFailed, thrown: TASK_MESSAGES.tasksFailed });
    if (message) showErrorToast(message);
    throw error;
  }
}

export const tasksQueryOptions = queryOptions({ queryKey: ['tasks', 'timetable'], queryFn: getTasks, retry: false });

export function useTasks() {
  return useQuery(tasksQueryOptions);
}
