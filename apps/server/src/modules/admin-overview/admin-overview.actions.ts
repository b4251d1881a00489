import { AdminOverviewDataSchema, AdminOverviewPayloadSchema } from '@tuzo/contracts';
import { defineAction } from '../../http/action.ts';
import { loadOverview } from './admin-overview.service.ts';

/** The operator console's overview: figures and 30 days of charts, read by support and operators. */
export const adminOverviewActions = [
  defineAction({
    name: 'adminoverview',
    summary:
      'Overview: members by status and country, 30 days of joins, activations, deposits, withdrawals and task pay, pending withdrawals, top earners and the spin house result.',
    methods: ['GET'],
    access: 'support',
    payload: AdminOverviewPayloadSchema,
    data: AdminOverviewDataSchema,
    isBackgroundPoll: true,
    handler: async (ctx) => ({ msg: 'Overview loaded', data: await loadOverview(ctx.deps) }),
  }),
];
