import { NoPayloadSchema, UserDataSchema } from '@tuzo/contracts';
import { defineAction } from '../../actions/types.ts';
import { takeUndelivered } from '../notifications/notifications.service.ts';
import { loadUserData } from './userdata.service.ts';

export const userdataActions = [
  defineAction({
    name: 'userdata',
    methods: ['GET'],
    access: 'member',
    summary: 'The member’s details, balances and withdrawal fee table; undelivered notifications ride in `info`.',
    payload: NoPayloadSchema,
    data: UserDataSchema,
    handler: async (ctx) => {
      const memberId = ctx.member.id;
      const data = await loadUserData(ctx.deps, memberId);
      // Member notifications ride on the polled userdata (and auth) responses only; see docs/ARCHITECTURE.md.
      return { msg: 'User data loaded', data, info: await takeUndelivered(ctx.deps, memberId) };
    },
  }),
];
