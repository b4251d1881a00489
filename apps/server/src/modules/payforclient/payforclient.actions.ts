import {
  ConfirmPayForClientDataSchema,
  ConfirmPayForClientPayloadSchema,
  NoPayloadSchema,
  PAY_FOR_CLIENT_MESSAGES,
  PayForClientDataSchema,
  PayForClientPayloadSchema,
  TransferHistoryDataSchema,
} from '@tuzo/contracts';
import { defineAction } from '../../http/action.ts';
import { confirmClient, listTransfers, payForClient } from './payforclient.service.ts';

export const payForClientActions = [
  defineAction({
    name: 'confirmpayforclient',
    methods: ['POST'],
    access: 'active',
    summary: 'Check a team member can be paid for; the payer’s balances and what the client still misses.',
    payload: ConfirmPayForClientPayloadSchema,
    data: ConfirmPayForClientDataSchema,
    handler: async (ctx) => ({
      msg: PAY_FOR_CLIENT_MESSAGES.verified,
      data: await confirmClient(ctx.deps, { payerId: ctx.member.id, username: ctx.payload.reusername }),
    }),
  }),
  defineAction({
    name: 'payforclient',
    methods: ['POST'],
    access: 'active',
    idempotent: true,
    summary: 'Pay from Jumbo or Deposit into a level 1-3 team member’s Deposit wallet.',
    payload: PayForClientPayloadSchema,
    data: PayForClientDataSchema,
    rateLimit: { perMinute: 30, isShared: true },
    handler: async (ctx) => ({
      msg: PAY_FOR_CLIENT_MESSAGES.paid,
      data: await payForClient(ctx.deps, {
        payerId: ctx.member.id,
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
    summary: 'Transfers the member sent and received, newest first (at most 100).',
    payload: NoPayloadSchema,
    data: TransferHistoryDataSchema,
    handler: async (ctx) => {
      const rows = await listTransfers(ctx.deps, ctx.member.id);
      return { msg: rows.length === 0 ? PAY_FOR_CLIENT_MESSAGES.noHistory : 'Transfer history loaded', data: rows };
    },
  }),
];
