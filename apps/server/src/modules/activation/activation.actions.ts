import { ACTIVATION_MESSAGES } from '@tuzo/contracts';
import { defineAction } from '../../http/action.ts';
import { deviceIdOf } from '../fraud-signals/index.ts';
import { activateAccount } from './activation.service.ts';

export const activationActions = [
  defineAction('activateaccount', {
    rateLimit: { perMinute: 20, isShared: true },
    handler: async (ctx) => ({
      msg: ACTIVATION_MESSAGES.success,
      data: await activateAccount(ctx.deps, {
        memberId: ctx.member.id,
        seen: { device: deviceIdOf(ctx.request.headers), ip: ctx.ip },
      }),
    }),
  }),
];
