import { defineAction } from '../../http/action.ts';
import { listRiskFlags } from '../payout-risk/index.ts';
import { clearFlagAndContinue } from './auto-pay.ts';

/**
 * The console's payout flags (decision 035): withdrawals held by a risk flag, and clearing one with a note.
 * Operators only; clearing is audited in its own transaction.
 */
export const payoutRiskActions = [
  defineAction('adminpayoutflags', {
    handler: async (ctx) => ({ msg: 'Payout flags loaded', data: await listRiskFlags(ctx.deps, ctx.payload) }),
  }),
  defineAction('adminclearpayoutflag', {
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
