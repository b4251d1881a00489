import { z } from 'zod';
import { defineAction, requireMember } from '../../actions/types.ts';
import { takeUndelivered } from '../notifications/notifications.service.ts';
import { loadUserData } from './userdata.service.ts';

export const userdataActions = [
  defineAction({
    name: 'userdata',
    methods: ['GET'],
    access: 'member',
    payload: z.object({}).passthrough(),
    handler: async (ctx) => {
      const memberId = requireMember(ctx).id;
      const data = await loadUserData(ctx.deps, memberId);
      // Member notifications ride on the polled userdata (and auth) responses only; see docs/ARCHITECTURE.md.
      return { msg: 'User data loaded', data, info: await takeUndelivered(ctx.deps, memberId) };
    },
  }),
];
