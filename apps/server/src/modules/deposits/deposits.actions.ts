import {
  RecoverCodePayloadSchema,
  type RecoverCodeData,
  RequestPaymentPayloadSchema,
  StkPushPayloadSchema,
} from '@tuzo/contracts';
import { z } from 'zod';
import { defineAction, requireMember, type ActionResult } from '../../actions/types.ts';
import { depositHistory, grabPayment } from './deposits.service.ts';
import { CODE_REVIEW_MSG, describeCredit, recoverCode } from './manual-code.service.ts';
import { requestPaymentLink } from './payment-link.service.ts';
import { STK_SENT_MSG, startStkPush } from './stk-push.service.ts';

/**
 * Deposit actions. Access `member`: an inactive member deposits to pay the activation fee. The money-moving
 * ones accept an Idempotency-Key; a repeat returns the first deposit without contacting the provider again.
 */
export const depositsActions = [
  defineAction({
    name: 'grabpayment',
    methods: ['GET'],
    access: 'member',
    payload: z.object({}).passthrough(),
    handler: async (ctx) => ({ msg: 'Payment methods loaded', data: await grabPayment(ctx.deps, requireMember(ctx)) }),
  }),
  defineAction({
    name: 'stkpush',
    methods: ['POST'],
    access: 'member',
    payload: StkPushPayloadSchema,
    rateLimit: { perMinute: 10 },
    handler: async (ctx) => {
      const member = requireMember(ctx);
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
  defineAction({
    name: 'requestpayment',
    methods: ['POST'],
    access: 'member',
    payload: RequestPaymentPayloadSchema,
    rateLimit: { perMinute: 10 },
    handler: async (ctx) => {
      const member = requireMember(ctx);
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
  defineAction({
    name: 'recovercode',
    methods: ['POST'],
    access: 'member',
    payload: RecoverCodePayloadSchema,
    // Codes are short: a low limit keeps anyone from guessing other people's unclaimed payments.
    rateLimit: { perMinute: 10 },
    handler: async (ctx): Promise<ActionResult<RecoverCodeData>> => {
      const member = requireMember(ctx);
      const result = await recoverCode(ctx.deps, { member, code: ctx.payload.ref_code });
      if (result.state === 'review')
        return { status: 202, msg: CODE_REVIEW_MSG, data: { state: 'review', amount: null, depositId: null } };
      const shown = await describeCredit(ctx.deps, member.id, result);
      return {
        msg: `Deposit of ${shown} confirmed and added to your Deposit wallet.`,
        data: { state: 'credited', amount: shown, depositId: result.depositId.toString() },
      };
    },
  }),
  defineAction({
    name: 'deposithistory',
    methods: ['GET'],
    access: 'member',
    payload: z.object({}).passthrough(),
    handler: async (ctx) => {
      const data = await depositHistory(ctx.deps, requireMember(ctx));
      return { msg: data.history.length === 0 ? 'No deposit history found' : 'Deposit history loaded', data };
    },
  }),
];
