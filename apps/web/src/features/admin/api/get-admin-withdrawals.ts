import type { AdminWithdrawalsData, WithdrawalStatus } from '@tuzo/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

export const ADMIN_WITHDRAWALS_LIMIT = 50;

/** GET adminwithdrawals: withdrawals in one status, newest first (one page). */
export async function getAdminWithdrawals(status: WithdrawalStatus): Promise<AdminWithdrawalsData> {
  const { data } = await apiCall<AdminWithdrawalsData>('adminwithdrawals', { query: { status, limit: ADMIN_WITHDRAWALS_LIMIT } });
  return data;
}

/** What the table shows when the list failed to load. */
export const ADMIN_WITHDRAWALS_TEXTS = { failed: 'Failed to load withdrawals', thrown: 'Failed to load withdrawals' } as const;

export function adminWithdrawalsQueryOptions(status: WithdrawalStatus) {
  return queryOptions({
    queryKey: ['admin', 'withdrawals', status],
    queryFn: () => getAdminWithdrawals(status),
    retry: false,
    staleTime: 5_000,
  });
}

export function useAdminWithdrawals(status: WithdrawalStatus) {
  return useQuery({ ...adminWithdrawalsQueryOptions(status), placeholderData: keepPreviousData });
}
