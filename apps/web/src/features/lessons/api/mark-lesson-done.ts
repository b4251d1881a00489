import type { ActionPayload, LessonDoneData, LessonKind } from '@tuzo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAction, type ApiEnvelope } from '@/lib/api-client';
import { lessonsQueryOptions } from './get-lessons';

/** POST lessondone {id, done}. */
export function markLessonDone(input: ActionPayload<'lessondone'>): Promise<ApiEnvelope<LessonDoneData>> {
  return callAction('lessondone', { payload: input });
}

export function useMarkLessonDone(kind: LessonKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markLessonDone,
    onSettled: () => queryClient.invalidateQueries({ queryKey: lessonsQueryOptions(kind).queryKey }),
  });
}
