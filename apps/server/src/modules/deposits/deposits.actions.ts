import {
  DepositHistoryDataSchema,
  GrabPaymentDataSchema,
  NoPayloadSchema,
  RecoverCodeDataSchema,
  RecoverCodePayloadSchema,
  RequestPaymentDataSchema,
  RequestPaymentPayloadSchema,
  StkPushDataSchema,
  StkPushPayloadSchema,
} from '@tuzo/contracts';
import { defineAction } from '../../http/action.ts';
import { depositHistory, grabPayment } from './deposits.service.ts';
import { CODE_REVIEW_MSG, CODE_VERIFYING_MSG, describeCredit, recoverCode } from './manual-code.service.ts';
import { requestPaymentLink } from './payment-link.service.ts';
import { STK_SENT_MSG, startStkPush } from './stk-push.service.ts';

/**
 * Deposit actions. Access `member`: an inactive member deposits to pay the activation fee. The money-moving
 * ones accept an Idempotency-Key; a repeat returns the first deposit without contacting the provider again.
 */
export const depositsActions = [
  defineAction({
    name: 'grabpayment',
    summary: 'The deposit methods of the member’s country: STK push, payment link, manual procedures.',
    methods: ['GET'],
    access: 'member',
    payload: NoPayloadSchema,
    data: GrabPaymentDataSchema,
    handler: async (ctx) => ({ msg: 'Payment methods loaded', data: await grabPayment(ctx.deps, ctx.member) }),
  }),
  defineAction({
    name: 'stkpush',
    methods: ['POST'],
    access: 'member',
    idempotent: true,
    callsProviderInRequest: true,
    summary: 'Prompt the phone for an M-Pesa payment (Kenya, KES); the deposit stays pending until the provider confirms.',
    payload: StkPushPayloadSchema,
    data: StkPushDataSchema,
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
  defineAction({
    name: 'requestpayment',
    methods: ['POST'],
    access: 'member',
    idempotent: true,
    callsProviderInRequest: true,
    summary: 'Create a pending deposit and a hosted Flutterwave payment link.',
    payload: RequestPaymentPayloadSchema,
    data: RequestPaymentDataSchema,
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
  defineAction({
    name: 'recovercode',
    methods: ['POST'],
    access: 'member',
    idempotent: true,
    summary: 'Claim a manual payment by its transaction code; an unknown code goes to the operator’s review (202).',
    payload: RecoverCodePayloadSchema,
    data: RecoverCodeDataSchema,
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
  defineAction({
    name: 'deposithistory',
    summary: 'The member’s deposits, newest first.',
    methods: ['GET'],
    access: 'member',
    payload: NoPayloadSchema,
    data: DepositHistoryDataSchema,
    handler: async (ctx) => {
      const data = await depositHistory(ctx.deps, ctx.member);
      return { msg: data.history.length === 0 ? 'No deposit history found' : 'Deposit history loaded', data };
    },
  }),
];
