import { defineAction } from '../../http/action.ts';
import { loadReferralStats, recordReferralVisit } from './referral-stats.service.ts';

/** A member's own referral numbers (issue 26 §5) and the public visit counter behind them (decision 060). */
export const referralStatsActions = [
  defineAction('referralstats', {
    handler: async (ctx) => ({ msg: 'OK', data: await loadReferralStats(ctx.deps, ctx.member.id) }),
  }),
  defineAction('referralvisit', {
    // Per address, shared by every process; the service also counts one visit per address, sponsor and hour.
    rateLimit: { perMinute: 30, isShared: true },
    handler: async (ctx) => {
      await recordReferralVisit(ctx.deps, { ref: ctx.payload.ref, ip: ctx.ip });
      return { msg: 'OK' };
    },
  }),
];
