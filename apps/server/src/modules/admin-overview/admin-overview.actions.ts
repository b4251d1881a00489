import { defineAction } from '../../http/action.ts';
import { loadOverview } from './admin-overview.service.ts';

/** The operator console's overview: figures and 30 days of charts, read by support and operators. */
export const adminOverviewActions = [
  defineAction('adminoverview', {
    isBackgroundPoll: true,
    handler: async (ctx) => ({ msg: 'Overview loaded', data: await loadOverview(ctx.deps) }),
  }),
];
