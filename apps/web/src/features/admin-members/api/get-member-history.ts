import type { AdminMemberHistoryData, MemberHistory } from '@tuzo/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callAction } from '@/lib/api-client';

export const HISTORY_PAGE_SIZE = 20;

/** GET adminmemberhistory: one of the member's lists, newest first, one page. */
export async function getMemberHistory(input: {
  username: string;
  list: MemberHistory;
  page: number;
}): Promise<AdminMemberHistoryData> {
  const { data } = await callAction('adminmemberhistory', { payload: { ...input, limit: HISTORY_PAGE_SIZE } });
  return data;
}

export function memberHistoryQueryOptions(input: { username: string; list: MemberHistory; page: number }) {
  return queryOptions({
    queryKey: ['admin', 'member', input.username.toLowerCase(), 'history', input.list, input.page],
    queryFn: () => getMemberHistory(input),
    retry: false,
    staleTime: 5_000,
  });
}

export function useMemberHistory(input: { username: string; list: MemberHistory; page: number }) {
  return useQuery({ ...memberHistoryQueryOptions(input), placeholderData: keepPreviousData });
}
