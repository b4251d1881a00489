import type { AdminLessonRow, AdminLessonSaveInput } from '@tuzo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAction } from '@/lib/api-client';

/** POST adminlessonsave: adds a lesson (no id) or edits one. */
export async function saveLesson(payload: AdminLessonSaveInput): Promise<{ msg: string; data: AdminLessonRow }> {
  const { msg, data } = await callAction('adminlessonsave', { payload });
  return { msg, data };
}

export function useSaveLesson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLesson,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'lessons'] }),
  });
}
