import type { AdminClosure, AdminClosuresData } from '@tuzo/contracts';
import { useListPage } from '@/hooks/use-list-page';
import { useReloadingMutation } from '@/hooks/use-reloading-mutation';
import { callAction } from '@/lib/api-client';

export type ClosureState = AdminClosure['state'];
export const CLOSURES_PAGE_SIZE = 25;
export const CLOSURES_KEY = ['admin', 'closures'] as const;

/** GET adminclosures: open requests soonest due first, or the cancelled / completed ones. */
export async function getClosures(state: ClosureState, page: number): Promise<AdminClosuresData> {
  return (await callAction('adminclosures', { payload: { state, page, limit: CLOSURES_PAGE_SIZE } })).data;
}

export function useClosures(state: ClosureState, page: number) {
  return useListPage([...CLOSURES_KEY, state, page], () => getClosures(state, page));
}

/** POST admincompleteclosure: completes an open request now (operators). */
export function useCompleteClosure() {
  return useReloadingMutation(async (id: string) => callAction('admincompleteclosure', { payload: { id } }), [CLOSURES_KEY]);
}

export const CLOSURES_TEXTS = {
  failed: 'Failed to load the closure requests',
  thrown: 'Failed to load the closure requests',
} as const;
