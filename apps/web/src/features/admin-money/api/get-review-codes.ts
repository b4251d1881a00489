import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminReviewCodesData } from '@tuzo/contracts';
import { apiCall } from '@/lib/api-client';

/** One manual deposit code that matched no payment notification, waiting for the operator (contracts admin.ts). */
export type ReviewCodeRow = AdminReviewCodesData['rows'][number];

/** GET adminreviewcodes: the manual code review queue, oldest first. */
export async function getReviewCodes(): Promise<ReviewCodeRow[]> {
  const { data } = await apiCall<AdminReviewCodesData>('adminreviewcodes', { query: { limit: 100 } });
  return data.rows;
}

/** What the table shows when the queue failed to load. */
export const REVIEW_CODES_TEXTS = { failed: 'Failed to load the review queue', thrown: 'Failed to load the review queue' } as const;

export const reviewCodesQueryOptions = queryOptions({
  queryKey: ['admin', 'review-codes'],
  queryFn: getReviewCodes,
  retry: false,
  staleTime: 5_000,
});

export function useReviewCodes() {
  return useQuery(reviewCodesQueryOptions);
}
