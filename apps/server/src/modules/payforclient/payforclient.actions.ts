import { PAY_FOR_CLIENT_MESSAGES } from '@tuzo/contracts';
import { defineAction } from '../../http/action.ts';
import { confirmClient, listTransfers, payForClient } from './payforclient.service.ts';

export const payForClientActions = [
  defineAction('confirmpayforclient', {
    handler: async (ctx) => ({
      msg: PAY_FOR_CLIENT_MESSAGES.verified,
      data: await confirmClient(ctx.deps, { payerId: ctx.member.id, username: ctx.payload.reusername }),
    }),
  }),
  defineAction('payforclient', {
    rateLimit: { perMinute: 30, isShared: true },
    handler: async (ctx) => ({
      msg: PAY_FOR_CLIENT_MESSAGES.paid,
      data: await payForClient(ctx.deps, {
        payerId: ctx.member.id,
        countryId: ctx.member.countryId,
        acc: ctx.payload.acc,
        username: ctx.payload.reusername,
        amountLocalMinor: ctx.payload.amount,
        clientKey: ctx.idempotencyKey,
      }),
    }),
  }),
  defineAction('populatepayfroclient', {
    handler: async (ctx) => {
      const rows = await listTransfers(ctx.deps, ctx.member.id);
      return { msg: rows.length === 0 ? PAY_FOR_CLIENT_MESSAGES.noHistory : 'Transfer history loaded', data: rows };
    },
  }),
];
