import { defineAction } from '../../http/action.ts';
import { listConsoleNotices } from './admin-notices.service.ts';

/** The console's shared notices area (decision 047): read by the console layout on every page, on a timer. */
export const adminNoticesActions = [
  defineAction('adminnotices', {
    // The console reads it on a timer: it does not hold off the staff session's idle timeout (decision 021).
    isBackgroundPoll: true,
    handler: async (ctx) => ({ msg: 'Console notices loaded', data: await listConsoleNotices(ctx.deps) }),
  }),
];
