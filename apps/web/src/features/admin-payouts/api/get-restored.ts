import type { PayoutsRestored } from '@tuzo/contracts';
import { useQuery } from '@tanstack/react-query';
import { callAction } from '@/lib/api-client';
import { PAYOUTS_KEY } from './keys';

/**
 * The restored state (decision 054): payouts paused after a database restore until every payout in flight at the
 * recovery point has its provider's answer; null while payouts run. Read from the queue's answer (one row asked).
 */
export async function getRestored(): Promise<PayoutsRestored | null> {
  const { data } = await callAction('adminpayouts', { payload: { page: 1, limit: 1 } });
  return data.restored ?? null;
}

export function useRestored() {
  return useQuery({ queryKey: [...PAYOUTS_KEY, 'restored'], queryFn: getRestored, retry: false, refetchInterval: 15_000 });
}
