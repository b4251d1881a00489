import { defineAction } from '../../http/action.ts';
import { depositHistory, grabPayment } from './deposits.service.ts';
import { CODE_REVIEW_MSG, CODE_VERIFYING_MSG } from './manual-code.messages.ts';
import { describeCredit, recoverCode } from './manual-code.service.ts';
import { requestPaymentLink } from './payment-link.service.ts';
import { STK_SENT_MSG, startStkPush } from './stk-push.service.ts';

/**
 * Deposit actions. Access `member`: an inactive member deposits to pay the activation fee. The money-moving
 * ones accept an Idempotency-Key; a repeat returns the first deposit without contacting the provider again.
 */
export const depositsActions = [
  defineAction('grabpayment', {
    handler: async (ctx) => ({ msg: 'Payment methods loaded', data: await grabPayment(ctx.deps, ctx.member) }),
  }),
  defineAction('stkpush', {
    callsProviderInRequest: true,
    rateLimit: { perMinute: 10, isShared: true },
    handler: async (ctx) => {
      const member = ctx.member;
      const deposit = await startStkPush(ctx.deps, {
        member,
        msisdn: ctx.payload.phone,
        amountMinor: ctx.payload.amount,
        clientKey: ctx.idempotencyKey,
      });
      return {
        msg: STK_SENT_MSG,
        data: { depositId: deposit.id.toString(), checkoutRequestId: deposit.checkoutRequestId, status: deposit.status },
      };
    },
  }),
  defineAction('requestpayment', {
    callsProviderInRequest: true,
    rateLimit: { perMinute: 10, isShared: true },
    handler: async (ctx) => {
      const member = ctx.member;
      const { deposit, link } = await requestPaymentLink(ctx.deps, {
        member,
        amountMinor: ctx.payload.amount,
        clientKey: ctx.idempotencyKey,
      });
      return {
        msg: 'Payment link created. Complete the payment in the new tab.',
        data: { link, depositId: deposit.id.toString() },
      };
    },
  }),
  defineAction('recovercode', {
    // Codes are short: a low limit keeps anyone from guessing other people's unclaimed payments.
    rateLimit: { perMinute: 10, isShared: true },
    handler: async (ctx) => {
      const member = ctx.member;
      const result = await recoverCode(ctx.deps, { member, code: ctx.payload.ref_code });
      if (result.state === 'review')
        return { status: 202, msg: CODE_REVIEW_MSG, data: { state: 'review' as const, amount: null, depositId: null } };
      if (result.state === 'verifying')
        return { status: 202, msg: CODE_VERIFYING_MSG, data: { state: 'verifying' as const, amount: null, depositId: null } };
      const shown = await describeCredit(ctx.deps, member.id, result);
      return {
        msg: `Deposit of ${shown} confirmed and added to your Deposit wallet.`,
        data: { state: 'credited' as const, amount: shown, depositId: result.depositId.toString() },
      };
    },
  }),
  defineAction('deposithistory', {
    handler: async (ctx) => {
      const data = await depositHistory(ctx.deps, ctx.member);
      return { msg: data.history.length === 0 ? 'No deposit history found' : 'Deposit history loaded', data };
    },
  }),
];
