import type { AdminPayoutFlagsData } from '@tuzo/contracts';
import { useListPage } from '@/hooks/use-list-page';
import { callAction } from '@/lib/api-client';
import { PAYOUTS_KEY } from './keys';

export const PAYOUT_FLAGS_LIMIT = 20;

/** Open flags (oldest first, the ones holding a withdrawal) or cleared ones (newest first). */
export type PayoutFlagsView = 'open' | 'cleared';

/** GET adminpayoutflags: one page of risk flags with their reasons. */
export async function getPayoutFlags(view: PayoutFlagsView, page: number): Promise<AdminPayoutFlagsData> {
  const { data } = await callAction('adminpayoutflags', {
    payload: { view, page, limit: PAYOUT_FLAGS_LIMIT },
  });
  return data;
}

export const PAYOUT_FLAGS_TEXTS = { failed: 'Failed to load the risk flags', thrown: 'Failed to load the risk flags' } as const;

export function usePayoutFlags(view: PayoutFlagsView, page: number) {
  return useListPage([...PAYOUTS_KEY, 'flags', view, page], () => getPayoutFlags(view, page));
}
