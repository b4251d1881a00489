import { defineAction } from '../../http/action.ts';
import { approvalRequestedAnswer } from '../approvals/index.ts';
import { listMoneyAlerts } from '../money-alerts/index.ts';
import { markPayoutFailed, requestMarkPayoutPaid } from './payout-paid-outside.ts';
import { toPayoutSummary } from './payouts.service.ts';
import { checkPayout, getPayout, listPayouts, payoutBalances, requestPayoutBalance } from './payout-console.service.ts';

/**
 * The console's payout actions (decision 032). Staff read the queue and a payout's exchanges; asking a provider is
 * for operators, audited.
 */
export const payoutsActions = [
  defineAction('adminpayouts', {
    handler: async (ctx) => ({ msg: 'Payouts loaded', data: await listPayouts(ctx.deps, ctx.payload) }),
  }),
  defineAction('adminpayout', {
    handler: async (ctx) => ({ msg: 'Payout loaded', data: await getPayout(ctx.deps, ctx.payload.id) }),
  }),
  defineAction('admincheckpayout', {
    // Asks the provider mid-request: under an Idempotency-Key no transaction is held while it answers (decision 051).
    callsProviderInRequest: true,
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
  defineAction('adminmarkpayoutpaid', {
    handler: async (ctx) => {
      const data = await requestMarkPayoutPaid(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip });
      // Always four-eyes, whatever the amount: the answer says so rather than naming the threshold.
      return {
        ...approvalRequestedAnswer(ctx.deps, data),
        msg: `Marked paid outside Tuzo: request #${data.approval_id} waits for a second operator to approve it`,
      };
    },
  }),
  defineAction('adminmarkpayoutfailed', {
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
  defineAction('adminmoneyalerts', {
    handler: async (ctx) => ({
      msg: 'Alerts loaded',
      data: { rows: await listMoneyAlerts(ctx.deps.db, { limit: ctx.payload.limit }) },
    }),
  }),
  defineAction('adminpayoutbalance', {
    handler: async (ctx) => ({ msg: 'Balances loaded', data: await payoutBalances(ctx.deps) }),
  }),
  defineAction('adminrequestpayoutbalance', {
    handler: async (ctx) => {
      const data = await requestPayoutBalance(ctx.deps, { operatorId: ctx.member.id, ip: ctx.ip });
      return { msg: data.asked ? 'Balance asked; M-Pesa answers in a moment' : 'M-Pesa could not be asked now', data };
    },
  }),
];
