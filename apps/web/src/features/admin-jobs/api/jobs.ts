import type { AdminJobsData } from '@tuzo/contracts';
import { useListPage } from '@/hooks/use-list-page';
import { useReloadingMutation } from '@/hooks/use-reloading-mutation';
import { callAction } from '@/lib/api-client';

export const JOBS_KEY = ['admin', 'jobs'] as const;

/** GET adminjobs: every background job across the nodes (decision 052). */
export async function getJobs(): Promise<AdminJobsData> {
  return (await callAction('adminjobs', {})).data;
}

export function useJobs() {
  return useListPage(JOBS_KEY, getJobs);
}

/** POST adminrevivejob: brings a dead-lettered job back (operators, audited). */
export function useReviveJob() {
  return useReloadingMutation(async (name: string) => callAction('adminrevivejob', { payload: { name } }), [JOBS_KEY]);
}

export const JOBS_TEXTS = { failed: 'Failed to load the jobs', thrown: 'Failed to load the jobs' } as const;
