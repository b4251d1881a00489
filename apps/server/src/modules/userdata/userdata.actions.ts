import { z } from 'zod';
import { defineAction, requireMember } from '../../actions/types.ts';
import { loadUserData } from './userdata.service.ts';

export const userdataActions = [
  defineAction({
    name: 'userdata',
    methods: ['GET'],
    access: 'member',
    payload: z.object({}).passthrough(),
    handler: async (ctx) => ({ msg: 'User data loaded', data: await loadUserData(ctx.deps, requireMember(ctx).id) }),
  }),
];
