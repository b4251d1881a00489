import {
  AdminClearPayoutFlagDataSchema,
  AdminClearPayoutFlagPayloadSchema,
  AdminPayoutFlagsDataSchema,
  AdminPayoutFlagsPayloadSchema,
} from '@tuzo/contracts';
import { defineAction } from '../../http/action.ts';
import { listRiskFlags } from '../payout-risk/payout-risk.service.ts';
import { clearFlagAndContinue } from './auto-pay.ts';

/**
 * The console's payout flags (decision 035): withdrawals held by a risk flag, and clearing one with a note.
 * Operators only; clearing is audited in its own transaction.
 */
export const payoutRiskActions = [
  defineAction({
    name: 'adminpayoutflags',
    summary:
      'Payout risk flags: open ones oldest first, or cleared ones newest first, with their reasons; one withdrawal’s with withdrawal_id.',
    methods: ['GET'],
    access: 'operator',
    payload: AdminPayoutFlagsPayloadSchema,
    data: AdminPayoutFlagsDataSchema,
    handler: async (ctx) => ({ msg: 'Payout flags loaded', data: await listRiskFlags(ctx.deps, ctx.payload) }),
  }),
  defineAction({
    name: 'adminclearpayoutflag',
    summary:
      'Clear a payout risk flag with a note; once a withdrawal has none open it is paid by auto-pay or waits for approval.',
    methods: ['POST'],
    access: 'operator',
    idempotent: true,
    payload: AdminClearPayoutFlagPayloadSchema,
    data: AdminClearPayoutFlagDataSchema,
    handler: async (ctx) => {
      const data = await clearFlagAndContinue(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip });
      const msg =
        data.next === 'held'
          ? `Flag cleared; ${data.open_flags} more still hold this withdrawal`
          : data.next === 'auto_paid'
            ? 'Flag cleared: auto-pay approved the withdrawal and its payout has started'
            : data.next === 'closed'
              ? 'Flag cleared; the withdrawal was already decided'
              : 'Flag cleared: the withdrawal now waits for an operator to approve it';
      return { msg, data };
    },
  }),
];
