import {
  AdminPayoutIdPayloadSchema,
  AdminRetryPayoutDataSchema,
  AdminAdjustDataSchema,
  AdminAdjustPayloadSchema,
  AdminBulkDecideDataSchema,
  AdminBulkDecidePayloadSchema,
  AdminCheckDepositDataSchema,
  AdminCheckDepositPayloadSchema,
  AdminDepositsDataSchema,
  AdminDepositsPayloadSchema,
  AdminResolveCodeDataSchema,
  AdminResolveCodePayloadSchema,
  AdminReviewCodesDataSchema,
  AdminReviewCodesPayloadSchema,
  AdminWithdrawalQueueDataSchema,
  AdminWithdrawalQueuePayloadSchema,
  AdminWithdrawalsDataSchema,
  AdminWithdrawalsPayloadSchema,
  isApprovalRequested,
  orApprovalRequest,
  UpdateTransDataSchema,
  UpdateTransPayloadSchema,
} from '@tuzo/contracts';
import { decisionMessage } from '../payouts/payouts.approval.ts';
import { defineAction } from '../../http/action.ts';
import { approvalRequestedAnswer } from '../approvals/approvals.service.ts';
import { adjustOrRequest } from './adjust.service.ts';
import { checkDeposit, listDeposits, listWithdrawalQueue, listWithdrawals } from './admin-money.service.ts';
import { listCodeReviews, resolveCode } from './code-reviews.service.ts';
import { retryPayout } from './payout-retry.service.ts';
import { decideOrRequestWithdrawal, decideWithdrawals } from './withdrawal-decisions.service.ts';

/**
 * The console's money screen: withdrawals, deposits, the manual-code queue and wallet corrections. Support staff read
 * the queues (`adminwithdrawalqueue`, `adminwithdrawals`, `admindeposits`, `adminreviewcodes`) and resolve codes;
 * deciding withdrawals, checking deposits with the provider and adjusting wallets are for operators
 * (docs/decisions/015-staff-roles-and-totp.md). Every change writes an audit row in the same database transaction as
 * the change.
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
  defineAction({
    name: 'adminwithdrawals',
    methods: ['GET'],
    access: 'support',
    summary: 'Withdrawals for the operator, newest first, optionally one status, paged.',
    payload: AdminWithdrawalsPayloadSchema,
    data: AdminWithdrawalsDataSchema,
    handler: async (ctx) => ({ msg: 'Withdrawals loaded', data: await listWithdrawals(ctx.deps, ctx.payload) }),
  }),
  defineAction({
    name: 'updatetrans',
    methods: ['POST'],
    access: 'operator',
    idempotent: true,
    summary:
      'Approve (2) or decline (1, refunded in full to the wallet it came from) a pending withdrawal; approving pays it through the provider set for the member’s country (status 0 and the payout while it runs) or completes it when paid by hand; an approval above four_eyes_threshold answers 202 with a request a second operator approves.',
    payload: UpdateTransPayloadSchema,
    data: orApprovalRequest(UpdateTransDataSchema),
    handler: async (ctx) => {
      const result = await decideOrRequestWithdrawal(ctx.deps, {
        withdrawalId: ctx.payload.tid,
        decision: ctx.payload.value === '2' ? 'complete' : 'decline',
        operatorId: ctx.member.id,
        ip: ctx.ip,
      });
      if (isApprovalRequested(result)) return approvalRequestedAnswer(ctx.deps, result);
      return { msg: decisionMessage(result), data: result };
    },
  }),
  defineAction({
    name: 'adminretrypayout',
    methods: ['POST'],
    access: 'operator',
    summary:
      'Retry a failed payout (the member was refunded): the hold is taken again from the same wallet as a new withdrawal (refused if the wallet no longer has it), then paid through the provider; above four_eyes_threshold it answers 202 with a request a second operator approves.',
    payload: AdminPayoutIdPayloadSchema,
    data: AdminRetryPayoutDataSchema,
    handler: async (ctx) => {
      const { data, approval } = await retryPayout(ctx.deps, { payoutId: ctx.payload.id, operatorId: ctx.member.id, ip: ctx.ip });
      if (approval) return { ...approvalRequestedAnswer(ctx.deps, approval), data };
      return {
        msg: `Hold taken again as withdrawal #${data.withdrawal_id}. ${decisionMessage({ id: data.withdrawal_id, status: data.status, payout: data.payout })}`,
        data,
      };
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
