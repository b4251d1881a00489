import type { LessonKind, LessonsData } from '@tuzo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAction } from '@/lib/api-client';

/** GET lessons {kind}: the course's lessons, the enrolment and the member's done marks. */
export async function getLessons(kind: LessonKind): Promise<LessonsData> {
  const { data } = await callAction('lessons', { payload: { kind } });
  return data;
}

export const lessonsQueryOptions = (kind: LessonKind) =>
  queryOptions({
    queryKey: ['lessons', kind],
    queryFn: () => getLessons(kind),
    retry: false,
  });

export function useLessons(kind: LessonKind) {
  return useQuery(lessonsQueryOptions(kind));
}
