import { WITHDRAWAL_MESSAGES } from '@tuzo/contracts';
import { defineAction } from '../../http/action.ts';
import { runAfterCommit } from '../../lib/after-commit.ts';
import { deviceIdOf } from '../fraud-signals/index.ts';
import { publishWithdrawalRequested } from './withdrawal-events.ts';
import { listWithdrawalHistory } from './withdrawal-outcomes.service.ts';
import { requestWithdrawal } from './withdrawals.service.ts';

export const withdrawalsActions = [
  defineAction('systemwithdrawal', {
    rateLimit: { perMinute: 30, isShared: true },
    handler: async (ctx) => {
      const data = await requestWithdrawal(ctx.deps, {
        memberId: ctx.member.id,
        countryId: ctx.member.countryId,
        phone: ctx.member.phone,
        acc: ctx.payload.acc,
        amountLocalMinor: ctx.payload.amount,
        clientKey: ctx.idempotencyKey,
        seen: { device: deviceIdOf(ctx.request.headers), ip: ctx.ip },
      });
      // Subscribers (auto-pay, decision 035) may pay it now, with no operator; otherwise it waits for one. Under an
      // Idempotency-Key they hear of it once the request's transaction has committed (decision 047).
      await runAfterCommit(ctx.deps, (deps) => publishWithdrawalRequested(deps, BigInt(data.id)));
      return { msg: WITHDRAWAL_MESSAGES.accepted, data };
    },
  }),
  defineAction('withdrawalhistory', {
    handler: async (ctx) => {
      const rows = await listWithdrawalHistory(ctx.deps, ctx.member.id);
      return { msg: rows.length === 0 ? WITHDRAWAL_MESSAGES.noHistory : 'Withdrawal history loaded', data: rows };
    },
  }),
];
