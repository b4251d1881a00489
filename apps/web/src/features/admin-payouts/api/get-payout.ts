import type { AdminPayoutData } from '@tuzo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAction } from '@/lib/api-client';
import { PAYOUTS_KEY } from './keys';

/** GET adminpayout: one payout with every exchange with its provider, oldest first. */
export async function getPayout(id: string): Promise<AdminPayoutData> {
  const { data } = await callAction('adminpayout', { payload: { id } });
  return data;
}

export const PAYOUT_TEXTS = { failed: 'Failed to load the payout', thrown: 'Failed to load the payout' } as const;

export function payoutQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...PAYOUTS_KEY, 'one', id],
    queryFn: () => getPayout(id),
    retry: false,
    staleTime: 2_000,
  });
}

/** Loads only while a payout is open (`id` not null). */
export function usePayout(id: string | null) {
  return useQuery({ ...payoutQueryOptions(id ?? ''), enabled: id !== null });
}
