import { isApprovalRequested } from '@tuzo/contracts';
import { decisionMessage } from '../payouts/index.ts';
import { defineAction } from '../../http/action.ts';
import { approvalRequestedAnswer } from '../approvals/index.ts';
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
  defineAction('adminwithdrawalqueue', {
    handler: async (ctx) => ({ msg: 'Withdrawals loaded', data: await listWithdrawalQueue(ctx.deps, ctx.payload) }),
  }),
  defineAction('adminbulkdecide', {
    handler: async (ctx) => {
      const data = await decideWithdrawals(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip });
      const verb = ctx.payload.value === '2' ? 'approved' : 'declined';
      const parts = [`${data.done} ${verb}`];
      if (data.requested > 0) parts.push(`${data.requested} waiting for a second operator`);
      if (data.failed > 0) parts.push(`${data.failed} could not be`);
      return { msg: parts.join(', '), data };
    },
  }),
  defineAction('admindeposits', {
    handler: async (ctx) => ({ msg: 'Deposits loaded', data: await listDeposits(ctx.deps, ctx.payload) }),
  }),
  defineAction('admincheckdeposit', {
    // Asks M-Pesa mid-request: under an Idempotency-Key no transaction is held while it answers (decision 051).
    callsProviderInRequest: true,
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
  defineAction('adminwithdrawals', {
    handler: async (ctx) => ({ msg: 'Withdrawals loaded', data: await listWithdrawals(ctx.deps, ctx.payload) }),
  }),
  defineAction('updatetrans', {
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
  defineAction('adminretrypayout', {
    handler: async (ctx) => {
      const { data, approval } = await retryPayout(ctx.deps, { payoutId: ctx.payload.id, operatorId: ctx.member.id, ip: ctx.ip });
      if (approval) return { ...approvalRequestedAnswer(ctx.deps, approval), data };
      return {
        msg: `Hold taken again as withdrawal #${data.withdrawal_id}. ${decisionMessage({ id: data.withdrawal_id, status: data.status, payout: data.payout })}`,
        data,
      };
    },
  }),
  defineAction('adminadjust', {
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
  defineAction('adminreviewcodes', {
    handler: async (ctx) => ({ msg: 'Review queue loaded', data: await listCodeReviews(ctx.deps, ctx.payload) }),
  }),
  defineAction('adminresolvecode', {
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
