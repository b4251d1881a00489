import type { ActionPayload, AdminPayoutsData } from '@tuzo/contracts';
import { useListPage } from '@/hooks/use-list-page';
import { callAction } from '@/lib/api-client';
import { PAYOUTS_KEY } from './keys';

export const PAYOUTS_LIMIT = 50;

/** The queue's filters as the query string sends them (left out = no filter). */
export type PayoutsFilter = { [K in Exclude<keyof ActionPayload<'adminpayouts'>, 'page' | 'limit'>]?: string };

/** GET adminpayouts: payouts by state, provider and member, newest first (one page), with the count in each state. */
export async function getPayouts(filter: PayoutsFilter, page: number): Promise<AdminPayoutsData> {
  const { data } = await callAction('adminpayouts', { payload: { ...filter, page, limit: PAYOUTS_LIMIT } });
  return data;
}

/** What the table shows when the queue failed to load. */
export const PAYOUTS_TEXTS = { failed: 'Failed to load payouts', thrown: 'Failed to load payouts' } as const;

export function usePayouts(filter: PayoutsFilter, page: number) {
  return useListPage([...PAYOUTS_KEY, 'queue', filter, page], () => getPayouts(filter, page));
}
