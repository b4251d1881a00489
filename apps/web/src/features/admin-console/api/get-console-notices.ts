import type { AdminNoticesData } from '@tuzo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAction } from '@/lib/api-client';

export const CONSOLE_NOTICES_KEY = ['admin', 'notices'] as const;

/** GET adminnotices: what every console page must say now (a payout balance below its alert, ...). */
export async function getConsoleNotices(): Promise<AdminNoticesData> {
  const { data } = await callAction('adminnotices');
  return data;
}

/**
 * Read once per minute while the console is open (a background poll: it does not keep the staff session alive), and
 * only once two-factor sign-in is on: before that the console's only page is the enrolment, and staff actions refuse.
 */
export function useConsoleNotices(isEnabled: boolean) {
  return useQuery({
    ...queryOptions({ queryKey: CONSOLE_NOTICES_KEY, queryFn: getConsoleNotices, retry: false, staleTime: 30_000 }),
    enabled: isEnabled,
    refetchInterval: 60_000,
  });
}
