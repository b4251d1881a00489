import { ACTIVATION_MESSAGES, ActivatePayloadSchema } from '@tuzo/contracts';
import { defineAction, requireMember } from '../../actions/types.ts';
import { activateAccount } from './activation.service.ts';

export const activationActions = [
  defineAction({
    name: 'activateaccount',
    methods: ['POST'],
    access: 'member',
    payload: ActivatePayloadSchema,
    rateLimit: { perMinute: 20 },
    handler: async (ctx) => ({
      msg: ACTIVATION_MESSAGES.success,
      data: await activateAccount(ctx.deps, { memberId: requireMember(ctx).id }),
    }),
  }),
];
