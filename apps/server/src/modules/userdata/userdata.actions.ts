import { NoPayloadSchema, UserDataSchema } from '@tuzo/contracts';
import { defineAction } from '../../http/action.ts';
import { loadUserDataWithNotifications } from './userdata.service.ts';

export const userdataActions = [
  defineAction({
    name: 'userdata',
    methods: ['GET'],
    access: 'account',
    summary: 'The member’s details, balances and withdrawal fee table; undelivered notifications ride in `info`.',
    payload: NoPayloadSchema,
    data: UserDataSchema,
    isBackgroundPoll: true,
    handler: async (ctx) => {
      const memberId = ctx.member.id;
      // Member notifications ride on the polled userdata (and auth) responses only; see docs/ARCHITECTURE.md.
      const { data, info } = await loadUserDataWithNotifications(ctx.deps, memberId);
      return { msg: 'User data loaded', data, info };
    },
  }),
];
