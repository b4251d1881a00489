import type { AdminPayoutBalanceData, AdminRequestPayoutBalanceData } from '@tuzo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAction, type ApiEnvelope } from '@/lib/api-client';
import { useReloadingMutation } from '@/hooks/use-reloading-mutation';
import { PAYOUTS_KEY } from './keys';

const BALANCE_KEY = [...PAYOUTS_KEY, 'balance'] as const;

/** GET adminpayoutbalance: each provider's payout balance as last reported, marked low below the alert setting. */
export async function getPayoutBalance(): Promise<AdminPayoutBalanceData> {
  const { data } = await callAction('adminpayoutbalance');
  return data;
}

export const PAYOUT_BALANCE_TEXTS = { failed: 'Failed to load the balances', thrown: 'Failed to load the balances' } as const;

/** While `isAwaitingAnswer`, reloads every second: the balance query's result arrives a moment after it is asked. */
export function usePayoutBalance(isAwaitingAnswer: boolean) {
  return useQuery({
    ...queryOptions({ queryKey: BALANCE_KEY, queryFn: getPayoutBalance, retry: false, staleTime: 5_000 }),
    refetchInterval: isAwaitingAnswer ? 1_000 : false,
  });
}

/** POST adminrequestpayoutbalance: ask M-Pesa for the B2C utility balance now (audited). */
export function requestPayoutBalance(): Promise<ApiEnvelope<AdminRequestPayoutBalanceData>> {
  return callAction('adminrequestpayoutbalance', { payload: {} });
}

export function useRequestPayoutBalance() {
  return useReloadingMutation(requestPayoutBalance, [BALANCE_KEY]);
}
