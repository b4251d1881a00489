import type { AdminMoneyAlertsData } from '@tuzo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAction } from '@/lib/api-client';
import { PAYOUTS_KEY } from './keys';

/**
 * GET adminmoneyalerts (decision 046): the newest alerts about money a provider's answer did not let move (payout
 * receipts offered as deposits, mismatched payout results, double payments to recover).
 */
export async function getMoneyAlerts(): Promise<AdminMoneyAlertsData> {
  const { data } = await callAction('adminmoneyalerts', { payload: { limit: '20' } });
  return data;
}

export const MONEY_ALERTS_TEXTS = {
  failed: 'Failed to load the money alerts',
  thrown: 'Failed to load the money alerts',
} as const;

export function useMoneyAlerts() {
  return useQuery(queryOptions({ queryKey: [...PAYOUTS_KEY, 'alerts'], queryFn: getMoneyAlerts, staleTime: 10_000 }));
}
