import { isApprovalRequested } from '@tuzo/contracts';
import { defineAction } from '../../http/action.ts';
import { approvalRequestedAnswer } from '../approvals/index.ts';
import { decideCluster } from './admin-decide.service.ts';
import { listClusters, loadCluster } from './admin-clusters.service.ts';

/** The console's Clusters page (decision 062): the list, one cluster, and the operator's decision. */
export const adminClustersActions = [
  defineAction('adminclusters', {
    handler: async (ctx) => ({ msg: 'Clusters loaded', data: await listClusters(ctx.deps, ctx.payload) }),
  }),
  defineAction('admincluster', {
    handler: async (ctx) => ({ msg: 'Cluster loaded', data: await loadCluster(ctx.deps, BigInt(ctx.payload.id)) }),
  }),
  defineAction('admindecidecluster', {
    handler: async (ctx) => {
      const data = await decideCluster(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip });
      if (isApprovalRequested(data)) return approvalRequestedAnswer(ctx.deps, data);
      return { msg: data.state === 'cleared' ? 'Cluster cleared' : 'Cluster confirmed', data };
    },
  }),
];
