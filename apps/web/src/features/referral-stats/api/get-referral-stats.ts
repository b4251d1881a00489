import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReferralStatsData } from '@tuzo/contracts';
import { callAction } from '@/lib/api-client';

/** GET referralstats: the last 30 operator days of the member's link, oldest first. */
export async function getReferralStats(): Promise<ReferralStatsData> {
  const { data } = await callAction('referralstats');
  return data;
}

export const referralStatsQueryOptions = queryOptions({
  queryKey: ['referral-stats'],
  queryFn: getReferralStats,
  retry: false,
  staleTime: 60_000,
});

export function useReferralStats() {
  return useQuery(referralStatsQueryOptions);
}
