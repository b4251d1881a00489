import { APPROVAL_CHANGE_KINDS } from '@tuzo/contracts';
import { defineAction } from '../../http/action.ts';
import { listApprovals, rejectRequest } from '../approvals/index.ts';
import { approveAndSend } from './approval-kinds.ts';

/**
 * The console's Approvals page (docs/decisions/018-four-eyes.md): money actions above `four_eyes_threshold` wait
 * here for a second operator. Operators only; every step is audited in its own transaction.
 */
export const adminApprovalsActions = [
  defineAction('adminapprovals', {
    handler: async (ctx) => ({
      msg: 'Approval requests loaded',
      data: await listApprovals(ctx.deps, { ...ctx.payload, callerId: ctx.member.id }),
    }),
  }),
  defineAction('adminapproverequest', {
    handler: async (ctx) => {
      const data = await approveAndSend(ctx.deps, { ...ctx.payload, approverId: ctx.member.id, ip: ctx.ip });
      if (!APPROVAL_CHANGE_KINDS.has(data.kind)) return { msg: 'Approved: the money has moved', data };
      const next = data.kind === 'staff_create' ? `: hand ${data.username} the enrolment link from the Staff page` : '';
      return { msg: `Approved: the change is in effect${next}`, data };
    },
  }),
  defineAction('adminrejectrequest', {
    handler: async (ctx) => {
      const data = await rejectRequest(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip });
      return { msg: data.state === 'cancelled' ? 'Request cancelled' : 'Request rejected: nothing moved', data };
    },
  }),
];
