import { WithdrawalHistoryDataSchema, WITHDRAWAL_MESSAGES, WithdrawPayloadSchema } from '@tuzo/contracts';
import { z } from 'zod';
import { defineAction, requireMember } from '../../actions/types.ts';
import { listWithdrawalHistory, requestWithdrawal } from './withdrawals.service.ts';

export const withdrawalsActions = [
  defineAction({
    name: 'systemwithdrawal',
    methods: ['POST'],
    access: 'active',
    payload: WithdrawPayloadSchema,
    rateLimit: { perMinute: 30 },
    handler: async (ctx) => ({
      msg: WITHDRAWAL_MESSAGES.accepted,
      data: await requestWithdrawal(ctx.deps, {
        memberId: requireMember(ctx).id,
        acc: ctx.payload.acc,
        amountLocalMinor: ctx.payload.amount,
        clientKey: ctx.idempotencyKey,
      }),
    }),
  }),
  defineAction({
    name: 'withdrawalhistory',
    methods: ['GET'],
    access: 'member',
    payload: z.object({}).passthrough(),
    handler: async (ctx) => {
      const rows = WithdrawalHistoryDataSchema.parse(await listWithdrawalHistory(ctx.deps, requireMember(ctx).id));
      return { msg: rows.length === 0 ? WITHDRAWAL_MESSAGES.noHistory : 'Withdrawal history loaded', data: rows };
    },
  }),
];
