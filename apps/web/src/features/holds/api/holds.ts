import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AskReviewPayload, MyHoldsData } from '@tuzo/contracts';
import { useReloadingMutation } from '@/hooks/use-reloading-mutation';
import { callAction } from '@/lib/api-client';

export const MY_HOLDS_KEY = ['my-holds'] as const;

/** GET myholds: the member's held commissions, why (in their language) and their review request (decision 062). */
export async function getMyHolds(): Promise<MyHoldsData> {
  return (await callAction('myholds')).data;
}

export const myHoldsQueryOptions = queryOptions({
  queryKey: MY_HOLDS_KEY,
  queryFn: getMyHolds,
  retry: false,
  staleTime: 60_000,
});

export function useMyHolds() {
  return useQuery(myHoldsQueryOptions);
}

/** POST askreview: a message to the operators asking them to review the held commissions; reloads the card. */
export function useAskReview() {
  return useReloadingMutation(
    ({ payload, idempotencyKey }: { payload: AskReviewPayload; idempotencyKey: string }) =>
      callAction('askreview', { payload, idempotencyKey }),
    [MY_HOLDS_KEY],
  );
}
