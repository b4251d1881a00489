import {
  AdminCheckPayoutDataSchema,
  AdminMarkPayoutFailedDataSchema,
  AdminMarkPayoutFailedPayloadSchema,
  AdminMarkPayoutPaidPayloadSchema,
  AdminMoneyAlertsDataSchema,
  AdminMoneyAlertsPayloadSchema,
  ApprovalRequestedDataSchema,
  AdminPayoutBalanceDataSchema,
  AdminPayoutDataSchema,
  AdminPayoutIdPayloadSchema,
  AdminPayoutsDataSchema,
  AdminPayoutsPayloadSchema,
  AdminRequestPayoutBalanceDataSchema,
  NoPayloadSchema,
} from '@tuzo/contracts';
import { defineAction } from '../../http/action.ts';
import { approvalRequestedAnswer } from '../approvals/approvals.service.ts';
import { listMoneyAlerts } from '../money-alerts/money-alerts.service.ts';
import { markPayoutFailed, requestMarkPayoutPaid } from './payout-paid-outside.ts';
import { toPayoutSummary } from './payouts.service.ts';
import { checkPayout, getPayout, listPayouts, payoutBalances, requestPayoutBalance } from './payout-console.service.ts';

/**
 * The console's payout actions (decision 032). Staff read the queue and a payout's exchanges; asking a provider is
 * for operators, audited.
 */
export const payoutsActions = [
  defineAction({
    name: 'adminpayouts',
    summary: 'Payouts by state, provider and member, newest first, paged, with the count of every state.',
    methods: ['GET'],
    access: 'support',
    payload: AdminPayoutsPayloadSchema,
    data: AdminPayoutsDataSchema,
    handler: async (ctx) => ({ msg: 'Payouts loaded', data: await listPayouts(ctx.deps, ctx.payload) }),
  }),
  defineAction({
    name: 'adminpayout',
    summary: 'One payout with every request, answer and callback exchanged with its provider (secrets redacted).',
    methods: ['GET'],
    access: 'support',
    payload: AdminPayoutIdPayloadSchema,
    data: AdminPayoutDataSchema,
    handler: async (ctx) => ({ msg: 'Payout loaded', data: await getPayout(ctx.deps, ctx.payload.id) }),
  }),
  defineAction({
    name: 'admincheckpayout',
    summary:
      'Check with the provider: ask M-Pesa (transaction status) or Flutterwave (fetch by reference) what became of a live payout; nothing is re-sent or refunded on a guess.',
    methods: ['POST'],
    access: 'operator',
    payload: AdminPayoutIdPayloadSchema,
    data: AdminCheckPayoutDataSchema,
    handler: async (ctx) => {
      const data = await checkPayout(ctx.deps, { id: ctx.payload.id, operatorId: ctx.member.id, ip: ctx.ip });
      const msg =
        data.payout.state === 'paid' || data.payout.state === 'failed'
          ? `The provider says the payout ${data.payout.state === 'paid' ? 'was paid' : 'failed'}`
          : data.asked
            ? 'Asked the provider; its answer settles the payout when it comes'
            : 'The provider could not be asked now; the sweep asks again';
      return { msg, data };
    },
  }),
  defineAction({
    name: 'adminmarkpayoutpaid',
    summary:
      'Mark paid outside Tuzo (a payout unknown, or with its result overdue, that the provider answered "failed" or "not found" about and the M-Pesa portal shows paid another way): with a reason, it becomes a request a different operator approves; approving settles the payout as paid once.',
    methods: ['POST'],
    access: 'operator',
    payload: AdminMarkPayoutPaidPayloadSchema,
    data: ApprovalRequestedDataSchema,
    handler: async (ctx) => {
      const data = await requestMarkPayoutPaid(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip });
      // Always four-eyes, whatever the amount: the answer says so rather than naming the threshold.
      return {
        ...approvalRequestedAnswer(ctx.deps, data),
        msg: `Marked paid outside Tuzo: request #${data.approval_id} waits for a second operator to approve it`,
      };
    },
  }),
  defineAction({
    name: 'adminmarkpayoutfailed',
    summary:
      'Mark failed a payout the provider answered "not found" or "failed" about (it is never sent again by itself): amount and charge go back to the member’s wallet once; retry it afterwards to pay again.',
    methods: ['POST'],
    access: 'operator',
    payload: AdminMarkPayoutFailedPayloadSchema,
    data: AdminMarkPayoutFailedDataSchema,
    handler: async (ctx) => {
      const payout = await markPayoutFailed(ctx.deps, {
        payoutId: ctx.payload.id,
        operatorId: ctx.member.id,
        reason: ctx.payload.reason,
        ip: ctx.ip,
      });
      return {
        msg: 'Marked failed: the amount and charge are back in the member’s wallet',
        data: { payout: toPayoutSummary(payout) },
      };
    },
  }),
  defineAction({
    name: 'adminmoneyalerts',
    summary:
      'Money alerts for operators, newest first: payout receipts offered as deposits, payout results for another receiver or amount, and double payments to recover.',
    methods: ['GET'],
    access: 'support',
    payload: AdminMoneyAlertsPayloadSchema,
    data: AdminMoneyAlertsDataSchema,
    handler: async (ctx) => ({
      msg: 'Alerts loaded',
      data: { rows: await listMoneyAlerts(ctx.deps.db, { limit: ctx.payload.limit }) },
    }),
  }),
  defineAction({
    name: 'adminpayoutbalance',
    summary: 'The payout balances as last reported (every B2C result and the balance query), marked low below the alert setting.',
    methods: ['GET'],
    access: 'operator',
    payload: NoPayloadSchema,
    data: AdminPayoutBalanceDataSchema,
    handler: async (ctx) => ({ msg: 'Balances loaded', data: await payoutBalances(ctx.deps) }),
  }),
  defineAction({
    name: 'adminrequestpayoutbalance',
    summary: 'Ask M-Pesa for the B2C utility balance now; its result updates adminpayoutbalance.',
    methods: ['POST'],
    access: 'operator',
    payload: NoPayloadSchema,
    data: AdminRequestPayoutBalanceDataSchema,
    handler: async (ctx) => {
      const data = await requestPayoutBalance(ctx.deps, { operatorId: ctx.member.id, ip: ctx.ip });
      return { msg: data.asked ? 'Balance asked; M-Pesa answers in a moment' : 'M-Pesa could not be asked now', data };
    },
  }),
];
