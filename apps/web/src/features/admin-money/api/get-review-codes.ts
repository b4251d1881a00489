import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminReviewCodesData } from '@tuzo/contracts';
import { callAction } from '@/lib/api-client';

/** One manual deposit code that matched no payment notification, waiting for the operator (contracts admin.ts). */
export type ReviewCodeRow = AdminReviewCodesData['rows'][number];

export const REVIEW_CODES_LIMIT = 50;

/** GET adminreviewcodes: the manual code review queue, oldest first (one page). */
export async function getReviewCodes(page: number): Promise<AdminReviewCodesData> {
  const { data } = await callAction('adminreviewcodes', { payload: { page, limit: REVIEW_CODES_LIMIT } });
  return data;
}

/** What the table shows when the queue failed to load. */
export const REVIEW_CODES_TEXTS = {
  failed: 'Failed to load the review queue',
  thrown: 'Failed to load the review queue',
} as const;

/** Every page of the queue shares this key prefix (the resolve hook invalidates it). */
export const REVIEW_CODES_KEY = ['admin', 'review-codes'] as const;

export function reviewCodesQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...REVIEW_CODES_KEY, page],
    queryFn: () => getReviewCodes(page),
    retry: false,
    staleTime: 5_000,
  });
}

export function useReviewCodes(page: number) {
  return useQuery({ ...reviewCodesQueryOptions(page), placeholderData: keepPreviousData });
}
