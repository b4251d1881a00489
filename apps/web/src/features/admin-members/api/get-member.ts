import type { AdminMemberData } from '@tuzo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAction } from '@/lib/api-client';

/** GET adminmember: one member's details, wallets, uplines, downline counts and open sessions. */
export async function getMember(username: string): Promise<AdminMemberData> {
  const { data } = await callAction('adminmember', { payload: { username } });
  return data;
}

export function memberQueryOptions(username: string) {
  return queryOptions({
    queryKey: ['admin', 'member', username.toLowerCase()],
    queryFn: () => getMember(username),
    retry: false,
    staleTime: 5_000,
  });
}

export function useMember(username: string) {
  return useQuery(memberQueryOptions(username));
}
