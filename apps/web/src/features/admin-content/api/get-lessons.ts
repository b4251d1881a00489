import type { AdminLessonRow } from '@tuzo/contracts';
import { useQuery } from '@tanstack/react-query';
import { callAction } from '@/lib/api-client';

/** GET adminlessons: every lesson by kind and part. */
export async function getLessons(): Promise<AdminLessonRow[]> {
  const { data } = await callAction('adminlessons');
  return data.rows;
}

export function useAdminLessons() {
  return useQuery({ queryKey: ['admin', 'lessons'], queryFn: getLessons, retry: false });
}
