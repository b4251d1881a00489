import { AdminNoticesDataSchema, NoPayloadSchema } from '@tuzo/contracts';
import { defineAction } from '../../http/action.ts';
import { listConsoleNotices } from './admin-notices.service.ts';

/** The console's shared notices area (decision 047): read by the console layout on every page, on a timer. */
export const adminNoticesActions = [
  defineAction({
    name: 'adminnotices',
    summary: 'What every console page must say now: a payout balance below payouts.low_balance_alert (per provider currency).',
    methods: ['GET'],
    access: 'support',
    // The console reads it on a timer: it does not hold off the staff session's idle timeout (decision 021).
    isBackgroundPoll: true,
    payload: NoPayloadSchema,
    data: AdminNoticesDataSchema,
    handler: async (ctx) => ({ msg: 'Console notices loaded', data: await listConsoleNotices(ctx.deps) }),
  }),
];
