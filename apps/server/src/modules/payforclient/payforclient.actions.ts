import {
  ConfirmPayForClientPayloadSchema,
  PAY_FOR_CLIENT_MESSAGES,
  PayForClientPayloadSchema,
  TransferHistoryDataSchema,
} from '@tuzo/contracts';
import { z } from 'zod';
import { defineAction, requireMember } from '../../actions/types.ts';
import { confirmClient, listTransfers, payForClient } from './payforclient.service.ts';

export const payForClientActions = [
  defineAction({
    name: 'confirmpayforclient',
    methods: ['POST'],
    access: 'active',
    payload: ConfirmPayForClientPayloadSchema,
    handler: async (ctx) => ({
      msg: PAY_FOR_CLIENT_MESSAGES.verified,
      data: await confirmClient(ctx.deps, { payerId: requireMember(ctx).id, username: ctx.payload.reusername }),
    }),
  }),
  defineAction({
    name: 'payforclient',
    methods: ['POST'],
    access: 'active',
    payload: PayForClientPayloadSchema,
    rateLimit: { perMinute: 30 },
    handler: async (ctx) => ({
      msg: PAY_FOR_CLIENT_MESSAGES.paid,
      data: await payForClient(ctx.deps, {
        payerId: requireMember(ctx).id,
        acc: ctx.payload.acc,
        username: ctx.payload.reusername,
        amountLocalMinor: ctx.payload.amount,
        clientKey: ctx.idempotencyKey,
      }),
    }),
  }),
  defineAction({
    name: 'populatepayfroclient',
    methods: ['GET'],
    access: 'member',
    payload: z.object({}).passthrough(),
    handler: async (ctx) => {
      const rows = TransferHistoryDataSchema.parse(await listTransfers(ctx.deps, requireMember(ctx).id));
      return { msg: rows.length === 0 ? PAY_FOR_CLIENT_MESSAGES.noHistory : 'Transfer history loaded', data: rows };
    },
  }),
];
