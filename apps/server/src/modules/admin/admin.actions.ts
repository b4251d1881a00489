import {
  AdminAdjustPayloadSchema,
  AdminMemberPayloadSchema,
  AdminResolveCodePayloadSchema,
  AdminReviewCodesDataSchema,
  AdminReviewCodesPayloadSchema,
  AdminWithdrawalsDataSchema,
  AdminWithdrawalsPayloadSchema,
  UpdateTransPayloadSchema,
} from '@tuzo/contracts';
import { defineAction, requireMember } from '../../actions/types.ts';
import { listWithdrawalsForOperator } from '../withdrawals/withdrawals.service.ts';
import { activateMemberFree, adjustWallet, deactivate, listCodeReviews, resolveCode, updateWithdrawal } from './admin.service.ts';

/** Operator money actions. Every change writes an audit row in the same database transaction as the change. */
export const adminActions = [
  defineAction({
    name: 'adminwithdrawals',
    methods: ['GET'],
    access: 'operator',
    payload: AdminWithdrawalsPayloadSchema,
    handler: async (ctx) => ({ msg: 'Withdrawals loaded', data: AdminWithdrawalsDataSchema.parse(await listWithdrawalsForOperator(ctx.deps, ctx.payload)) }),
  }),
  defineAction({
    name: 'updatetrans',
    methods: ['POST'],
    access: 'operator',
    payload: UpdateTransPayloadSchema,
    handler: async (ctx) => {
      const result = await updateWithdrawal(ctx.deps, { ...ctx.payload, operatorId: requireMember(ctx).id, ip: ctx.ip });
      return { msg: result.status === '2' ? 'Withdrawal completed' : 'Withdrawal declined and refunded in full', data: result };
    },
  }),
  defineAction({
    name: 'adminadjust',
    methods: ['POST'],
    access: 'operator',
    payload: AdminAdjustPayloadSchema,
    handler: async (ctx) => ({
      msg: 'Wallet adjusted',
      data: await adjustWallet(ctx.deps, { ...ctx.payload, operatorId: requireMember(ctx).id, ip: ctx.ip, clientKey: ctx.idempotencyKey }),
    }),
  }),
  defineAction({
    name: 'adminactivate',
    methods: ['POST'],
    access: 'operator',
    payload: AdminMemberPayloadSchema,
    handler: async (ctx) => ({
      msg: 'Member activated for free',
      data: await activateMemberFree(ctx.deps, { ...ctx.payload, operatorId: requireMember(ctx).id, ip: ctx.ip }),
    }),
  }),
  defineAction({
    name: 'admindeactivate',
    methods: ['POST'],
    access: 'operator',
    payload: AdminMemberPayloadSchema,
    handler: async (ctx) => ({
      msg: 'Member deactivated',
      data: await deactivate(ctx.deps, { ...ctx.payload, operatorId: requireMember(ctx).id, ip: ctx.ip }),
    }),
  }),
  defineAction({
    name: 'adminreviewcodes',
    methods: ['GET'],
    access: 'operator',
    payload: AdminReviewCodesPayloadSchema,
    handler: async (ctx) => ({ msg: 'Review queue loaded', data: AdminReviewCodesDataSchema.parse(await listCodeReviews(ctx.deps, ctx.payload)) }),
  }),
  defineAction({
    name: 'adminresolvecode',
    methods: ['POST'],
    access: 'operator',
    payload: AdminResolveCodePayloadSchema,
    handler: async (ctx) => {
      const result = await resolveCode(ctx.deps, { ...ctx.payload, operatorId: requireMember(ctx).id });
      return { msg: result.status === 'credited' ? 'Code credited to the member' : 'Code rejected', data: result };
    },
  }),
];
