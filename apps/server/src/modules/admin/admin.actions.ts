import {
  ActivateDataSchema,
  AdminAdjustDataSchema,
  AdminAdjustPayloadSchema,
  AdminDeactivateDataSchema,
  AdminResolveCodeDataSchema,
  AdminMemberPayloadSchema,
  AdminResolveCodePayloadSchema,
  AdminReviewCodesDataSchema,
  AdminReviewCodesPayloadSchema,
  AdminWithdrawalsDataSchema,
  AdminWithdrawalsPayloadSchema,
  isApprovalRequested,
  orApprovalRequest,
  UpdateTransDataSchema,
  UpdateTransPayloadSchema,
} from '@tuzo/contracts';
import { defineAction } from '../../actions/types.ts';
import { listWithdrawalsForOperator } from '../withdrawals/withdrawals.service.ts';
import { approvalRequestedAnswer } from '../approvals/approvals.service.ts';
import { activateMemberFree, adjustOrRequest, deactivate, updateWithdrawal } from './admin.service.ts';
import { listCodeReviews, resolveCode } from './code-reviews.service.ts';

/**
 * Operator money actions. Every change writes an audit row in the same database transaction as the change. Support
 * staff read the withdrawals and the code queue and resolve codes; deciding withdrawals and adjusting wallets is for
 * operators (docs/decisions/015-staff-roles-and-totp.md).
 */
export const adminActions = [
  defineAction({
    name: 'adminwithdrawals',
    methods: ['GET'],
    access: 'support',
    summary: 'Withdrawals for the operator, newest first, optionally one status, paged.',
    payload: AdminWithdrawalsPayloadSchema,
    data: AdminWithdrawalsDataSchema,
    handler: async (ctx) => ({ msg: 'Withdrawals loaded', data: await listWithdrawalsForOperator(ctx.deps, ctx.payload) }),
  }),
  defineAction({
    name: 'updatetrans',
    methods: ['POST'],
    access: 'operator',
    idempotent: true,
    summary:
      'Complete (2) or decline (1, refunded in full to the wallet it came from) a pending withdrawal; a completion above four_eyes_threshold answers 202 with a request a second operator approves.',
    payload: UpdateTransPayloadSchema,
    data: orApprovalRequest(UpdateTransDataSchema),
    handler: async (ctx) => {
      const result = await updateWithdrawal(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip });
      if (isApprovalRequested(result)) return approvalRequestedAnswer(ctx.deps, result);
      return { msg: result.status === '2' ? 'Withdrawal completed' : 'Withdrawal declined and refunded in full', data: result };
    },
  }),
  defineAction({
    name: 'adminadjust',
    methods: ['POST'],
    access: 'operator',
    idempotent: true,
    summary:
      'Correct one wallet through a ledger entry with a reason (system currency, signed); above four_eyes_threshold it answers 202 with a request a second operator approves.',
    payload: AdminAdjustPayloadSchema,
    data: orApprovalRequest(AdminAdjustDataSchema),
    handler: async (ctx) => {
      const result = await adjustOrRequest(ctx.deps, {
        ...ctx.payload,
        operatorId: ctx.member.id,
        ip: ctx.ip,
        clientKey: ctx.idempotencyKey,
      });
      if (isApprovalRequested(result)) return approvalRequestedAnswer(ctx.deps, result);
      return { msg: 'Wallet adjusted', data: result };
    },
  }),
  defineAction({
    name: 'adminactivate',
    summary: 'Activate a member for free (the fee is booked as an operator expense); uplines earn as usual.',
    methods: ['POST'],
    access: 'operator',
    idempotent: true,
    payload: AdminMemberPayloadSchema,
    data: ActivateDataSchema,
    handler: async (ctx) => ({
      msg: 'Member activated for free',
      data: await activateMemberFree(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip }),
    }),
  }),
  defineAction({
    name: 'admindeactivate',
    summary: 'Deactivate a member; the upline commissions are reversed by ledger entries.',
    methods: ['POST'],
    access: 'operator',
    idempotent: true,
    payload: AdminMemberPayloadSchema,
    data: AdminDeactivateDataSchema,
    handler: async (ctx) => ({
      msg: 'Member deactivated',
      data: await deactivate(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip }),
    }),
  }),
  defineAction({
    name: 'adminreviewcodes',
    methods: ['GET'],
    access: 'support',
    summary: 'Manual deposit codes that matched no payment, oldest first, paged.',
    payload: AdminReviewCodesPayloadSchema,
    data: AdminReviewCodesDataSchema,
    handler: async (ctx) => ({ msg: 'Review queue loaded', data: await listCodeReviews(ctx.deps, ctx.payload) }),
  }),
  defineAction({
    name: 'adminresolvecode',
    methods: ['POST'],
    access: 'support',
    idempotent: true,
    summary:
      "Reject a queued manual deposit code, or credit it (once) for the provider's amount of the payment notification that matches it; an amount typed by hand is for operators and above four_eyes_threshold answers 202 with a request.",
    payload: AdminResolveCodePayloadSchema,
    data: orApprovalRequest(AdminResolveCodeDataSchema),
    handler: async (ctx) => {
      const result = await resolveCode(ctx.deps, {
        ...ctx.payload,
        operatorId: ctx.member.id,
        role: ctx.member.role,
        ip: ctx.ip,
      });
      if (isApprovalRequested(result)) return approvalRequestedAnswer(ctx.deps, result);
      return { msg: result.status === 'credited' ? 'Code credited to the member' : 'Code rejected', data: result };
    },
  }),
];
