import type { ActionPayload, AdminClusterData, AdminClustersData, AdminClustersPayload } from '@tuzo/contracts';
import { useListPage } from '@/hooks/use-list-page';
import { useReloadingMutation } from '@/hooks/use-reloading-mutation';
import { callAction } from '@/lib/api-client';

export type ClusterFilter = AdminClustersPayload['state'];
export const CLUSTER_FILTERS: readonly ClusterFilter[] = ['open', 'watch', 'cleared', 'confirmed', 'all'];
export const CLUSTERS_KEY = ['admin', 'clusters'] as const;

/** GET adminclusters: the clusters of one state (open by default), newest activity first. */
export async function getClusters(state: ClusterFilter, page: number): Promise<AdminClustersData> {
  return (await callAction('adminclusters', { payload: { state, page } })).data;
}

export function useClusters(state: ClusterFilter, page: number) {
  return useListPage([...CLUSTERS_KEY, 'list', state, page], () => getClusters(state, page));
}

/** GET admincluster: one cluster whole (members, links, money, holds, review requests, decisions). */
export async function getCluster(id: string): Promise<AdminClusterData> {
  return (await callAction('admincluster', { payload: { id } })).data;
}

export function useCluster(id: string) {
  return useListPage([...CLUSTERS_KEY, 'one', id], () => getCluster(id));
}

/**
 * POST admindecidecluster (operators, audited): clear or confirm. Above the four-eyes threshold the answer is 202 with
 * the approval request a second operator approves (decision 062); the envelope's status tells which.
 */
export function useDecideCluster() {
  return useReloadingMutation(
    ({ payload, idempotencyKey }: { payload: ActionPayload<'admindecidecluster'>; idempotencyKey: string }) =>
      callAction('admindecidecluster', { payload, idempotencyKey }),
    [CLUSTERS_KEY, ['admin', 'approvals']],
  );
}
