import { defineAction } from '../../http/action.ts';
import { USERDATA_SESSION_READ, userDataWithNotifications } from './userdata.service.ts';

export const userdataActions = [
  defineAction('userdata', {
    isBackgroundPoll: true,
    // The session check's statement also reads the member's row, wallets, totals and today's figures (decision 041).
    sessionRead: USERDATA_SESSION_READ,
    handler: async (ctx) => {
      // Member notifications ride on the polled userdata (and auth) responses only; see docs/ARCHITECTURE.md.
      const { data, info } = await userDataWithNotifications(ctx.deps, ctx.member.id, ctx.sessionRow);
      return { msg: 'User data loaded', data, info };
    },
  }),
];
