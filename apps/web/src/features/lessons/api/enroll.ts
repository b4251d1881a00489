import type { EnrollData, LessonKind } from '@tuzo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAction, type ApiEnvelope } from '@/lib/api-client';
import { lessonsQueryOptions } from './get-lessons';

/** POST enroll {kind}. */
export function enroll(kind: LessonKind): Promise<ApiEnvelope<EnrollData>> {
  return callAction('enroll', { payload: { kind } });
}

export function useEnroll(kind: LessonKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => enroll(kind),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lessonsQueryOptions(kind).queryKey }),
  });
}
