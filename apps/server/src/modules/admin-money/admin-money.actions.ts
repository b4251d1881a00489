import {
  AdminBulkDecideDataSchema,
  AdminBulkDecidePayloadSchema,
  AdminCheckDepositDataSchema,
  AdminCheckDepositPayloadSchema,
  AdminDepositsDataSchema,
  AdminDepositsPayloadSchema,
  AdminWithdrawalQueueDataSchema,
  AdminWithdrawalQueuePayloadSchema,
} from '@tuzo/contracts';
import { defineAction } from '../../actions/types.ts';
import { checkDeposit, decideWithdrawals, listDeposits, listWithdrawalQueue } from './admin-money.service.ts';

/**
 * The console's money screen. Support staff read the queues (`adminwithdrawalqueue`, `admindeposits`); deciding
 * withdrawals and checking deposits with the provider are for operators.
 */
export const adminMoneyActions = [
  defineAction({
    name: 'adminwithdrawalqueue',
    summary: 'Withdrawals filtered by status, member, wallet and request date; newest first, paged.',
    methods: ['GET'],
    access: 'support',
    payload: AdminWithdrawalQueuePayloadSchema,
    data: AdminWithdrawalQueueDataSchema,
    handler: async (ctx) => ({ msg: 'Withdrawals loaded', data: await listWithdrawalQueue(ctx.deps, ctx.payload) }),
  }),
  defineAction({
    name: 'adminbulkdecide',
    summary:
      'Approve (2) or decline (1, refunded in full) up to 100 pending withdrawals; each is settled and audited on its own, an approval above four_eyes_threshold becomes a request a second operator approves.',
    methods: ['POST'],
    access: 'operator',
    idempotent: true,
    payload: AdminBulkDecidePayloadSchema,
    data: AdminBulkDecideDataSchema,
    handler: async (ctx) => {
      const data = await decideWithdrawals(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip });
      const verb = ctx.payload.value === '2' ? 'approved' : 'declined';
      const parts = [`${data.done} ${verb}`];
      if (data.requested > 0) parts.push(`${data.requested} waiting for a second operator`);
      if (data.failed > 0) parts.push(`${data.failed} could not be`);
      return { msg: parts.join(', '), data };
    },
  }),
  defineAction({
    name: 'admindeposits',
    summary: 'Deposits by status, provider and member, or only those stuck pending; newest first, paged.',
    methods: ['GET'],
    access: 'support',
    payload: AdminDepositsPayloadSchema,
    data: AdminDepositsDataSchema,
    handler: async (ctx) => ({ msg: 'Deposits loaded', data: await listDeposits(ctx.deps, ctx.payload) }),
  }),
  defineAction({
    name: 'admincheckdeposit',
    summary: 'Ask M-Pesa about one STK push and apply its answer (credit once, fail, or time out).',
    methods: ['POST'],
    access: 'operator',
    payload: AdminCheckDepositPayloadSchema,
    data: AdminCheckDepositDataSchema,
    handler: async (ctx) => {
      const data = await checkDeposit(ctx.deps, { id: ctx.payload.id, operatorId: ctx.member.id, ip: ctx.ip });
      const msg =
        data.status === data.status_before
          ? 'M-Pesa has no final answer yet'
          : data.status === '2'
            ? 'Deposit credited'
            : 'Deposit marked failed';
      return { msg, data };
    },
  }),
];
