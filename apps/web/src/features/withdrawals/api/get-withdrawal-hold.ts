import type { WithdrawalHoldData } from '@tuzo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAction } from '@/lib/api-client';

/** GET withdrawalhold: until when withdrawals are paused after a phone change (decision 045). */
export async function getWithdrawalHold(): Promise<WithdrawalHoldData> {
  return (await callAction('withdrawalhold')).data;
}

/** The key `confirmphone` (features/my-data) invalidates after a change. */
export const withdrawalHoldQueryOptions = queryOptions({
  queryKey: ['withdrawalhold'],
  queryFn: getWithdrawalHold,
  retry: false,
});

export function useWithdrawalHold() {
  return useQuery(withdrawalHoldQueryOptions);
}
