import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminReviewCodesData } from '@tuzo/contracts';
import { apiCall } from '@/lib/api-client';

/** One manual deposit code that matched no payment notification, waiting for the operator (contracts admin.ts). */
export type ReviewCodeRow = AdminReviewCodesData['rows'][number];

/** GET adminreviewcodes: the manual code review queue, oldest first. */
export async function getReviewCodes(): Promise<ReviewCodeRow[]> {
  const envelope = await apiCall<AdminReviewCodesData>('adminreviewcodes', { query: { limit: 100 } });
  if (!envelope.resultcode) throw new Error(envelope.msg || 'Failed to load the review queue');
  return envelope.data.rows;
}

export const reviewCodesQueryOptions = queryOptions({
  queryKey: ['admin', 'review-codes'],
  queryFn: getReviewCodes,
  retry: false,
  staleTime: 5_000,
});

export function useReviewCodes() {
  return useQuery(reviewCodesQueryOptions);
}
