import { ACTIVATION_MESSAGES, ActivateDataSchema, ActivatePayloadSchema } from '@tuzo/contracts';
import { defineAction } from '../../http/action.ts';
import { activateAccount } from './activation.service.ts';

export const activationActions = [
  defineAction({
    name: 'activateaccount',
    summary: 'Pay the activation fee from the Deposit wallet; the three uplines earn their commissions.',
    methods: ['POST'],
    access: 'member',
    idempotent: true,
    payload: ActivatePayloadSchema,
    data: ActivateDataSchema,
    rateLimit: { perMinute: 20, isShared: true },
    handler: async (ctx) => ({
      msg: ACTIVATION_MESSAGES.success,
      data: await activateAccount(ctx.deps, { memberId: ctx.member.id }),
    }),
  }),
];
