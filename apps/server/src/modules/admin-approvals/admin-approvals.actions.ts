import {
  APPROVAL_CHANGE_KINDS,
  AdminApprovalDecisionDataSchema,
  AdminApprovalsDataSchema,
  AdminApprovalsPayloadSchema,
  AdminApproveRequestPayloadSchema,
  AdminRejectRequestPayloadSchema,
} from '@tuzo/contracts';
import { defineAction } from '../../http/action.ts';
import { listApprovals, rejectRequest } from '../approvals/approvals.service.ts';
import { approveAndSend } from './approval-kinds.ts';

/**
 * The console's Approvals page (docs/decisions/018-four-eyes.md): money actions above `four_eyes_threshold` wait
 * here for a second operator. Operators only; every step is audited in its own transaction.
 */
export const adminApprovalsActions = [
  defineAction({
    name: 'adminapprovals',
    summary: 'Four-eyes requests: pending ones oldest first, or decided ones newest first; who asked, what, for whom, why.',
    methods: ['GET'],
    access: 'operator',
    payload: AdminApprovalsPayloadSchema,
    data: AdminApprovalsDataSchema,
    handler: async (ctx) => ({
      msg: 'Approval requests loaded',
      data: await listApprovals(ctx.deps, { ...ctx.payload, callerId: ctx.member.id }),
    }),
  }),
  defineAction({
    name: 'adminapproverequest',
    summary: 'Approve a pending four-eyes request (not your own): the money moves (or the change takes effect) now, once.',
    methods: ['POST'],
    access: 'operator',
    idempotent: true,
    payload: AdminApproveRequestPayloadSchema,
    data: AdminApprovalDecisionDataSchema,
    handler: async (ctx) => {
      const data = await approveAndSend(ctx.deps, { ...ctx.payload, approverId: ctx.member.id, ip: ctx.ip });
      if (!APPROVAL_CHANGE_KINDS.has(data.kind)) return { msg: 'Approved: the money has moved', data };
      const next = data.kind === 'staff_create' ? `: hand ${data.username} the enrolment link from the Staff page` : '';
      return { msg: `Approved: the change is in effect${next}`, data };
    },
  }),
  defineAction({
    name: 'adminrejectrequest',
    summary: 'Reject a pending four-eyes request with a reason (nothing moves); the operator who asked it cancels it this way.',
    methods: ['POST'],
    access: 'operator',
    idempotent: true,
    payload: AdminRejectRequestPayloadSchema,
    data: AdminApprovalDecisionDataSchema,
    handler: async (ctx) => {
      const data = await rejectRequest(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip });
      return { msg: data.state === 'cancelled' ? 'Request cancelled' : 'Request rejected: nothing moved', data };
    },
  }),
];
