import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/** One manual deposit code that matched no payment notification, waiting for the operator. */
export interface ReviewCodeRow {
  id: string;
  username: string;
  ref_code: string;
  /** The amount claimed, when the member or a later notification gave one. */
  amount?: string | null;
  currency?: string;
  created_at?: string;
}

interface ReviewCodesData {
  rows: ReviewCodeRow[];
}

/** GET adminreviewcodes: the manual code review queue, oldest first. */
export async function getReviewCodes(): Promise<ReviewCodeRow[]> {
  const envelope = await apiCall<ReviewCodesData | ReviewCodeRow[]>('adminreviewcodes', { query: { limit: 100 } });
  if (!envelope.resultcode) throw new Error(envelope.msg || 'Failed to load the review queue');
  const data = envelope.data;
  if (Array.isArray(data)) return data;
  return Array.isArray(data?.rows) ? data.rows : [];
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
