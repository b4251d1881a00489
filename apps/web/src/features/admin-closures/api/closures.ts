import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminClosure, AdminClosuresData } from '@tuzo/contracts';
import { callAction } from '@/lib/api-client';

export type ClosureState = AdminClosure['state'];
export const CLOSURES_PAGE_SIZE = 25;
export const CLOSURES_KEY = ['admin', 'closures'] as const;

/** GET adminclosures: open requests soonest due first, or the cancelled / completed ones. */
export async function getClosures(state: ClosureState, page: number): Promise<AdminClosuresData> {
  return (await callAction('adminclosures', { payload: { state, page, limit: CLOSURES_PAGE_SIZE } })).data;
}

export const closuresQueryOptions = (state: ClosureState, page: number) =>
  queryOptions({
    queryKey: [...CLOSURES_KEY, state, page],
    queryFn: () => getClosures(state, page),
    retry: false,
    staleTime: 5_000,
    placeholderData: keepPreviousData,
  });

export function useClosures(state: ClosureState, page: number) {
  return useQuery(closuresQueryOptions(state, page));
}

/** POST admincompleteclosure: completes an open request now (operators). */
export function useCompleteClosure() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => callAction('admincompleteclosure', { payload: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: CLOSURES_KEY }),
  });
}

export const CLOSURES_TEXTS = {
  failed: 'Failed to load the closure requests',
  thrown: 'Failed to load the closure requests',
} as const;
