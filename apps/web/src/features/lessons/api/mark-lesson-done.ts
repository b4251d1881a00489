import type { LessonDoneData, LessonKind } from '@tuzo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall, type ApiEnvelope } from '@/lib/api-client';
import { lessonsQueryOptions } from './get-lessons';

/** POST lessondone {id, done}. */
export function markLessonDone(input: { id: string; done: boolean }): Promise<ApiEnvelope<LessonDoneData>> {
  return apiCall<LessonDoneData>('lessondone', { method: 'POST', payload: input });
}

export function useMarkLessonDone(kind: LessonKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markLessonDone,
    onSettled: () => queryClient.invalidateQueries({ queryKey: lessonsQueryOptions(kind).queryKey }),
  });
}
