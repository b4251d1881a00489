import type { AdminTimetableRow } from '@tuzo/contracts';
import { useQuery } from '@tanstack/react-query';
import { callAction } from '@/lib/api-client';

/** GET admintimetable: every timetable row in its order. */
export async function getTimetable(): Promise<AdminTimetableRow[]> {
  const { data } = await callAction('admintimetable');
  return data.rows;
}

export function useAdminTimetable() {
  return useQuery({ queryKey: ['admin', 'timetable'], queryFn: getTimetable, retry: false });
}
