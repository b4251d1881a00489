import { defineAction } from '../../http/action.ts';
import { claimDailyBonus, claimWelcomeBonus } from './bonuses.service.ts';

/**
 * The spec's client claims with GET (part 2, section 7); POST is accepted too, since a claim moves money. Refusals
 * (not reached 422 LIMIT_NOT_MET, already claimed 409 ALREADY_DONE) carry their reason in `info` as well.
 */
export const bonusesActions = [
  defineAction('dailybonus', {
    rateLimit: { perMinute: 30, isShared: true },
    handler: async (ctx) => {
      const data = await claimDailyBonus(ctx.deps, { memberId: ctx.member.id, countryId: ctx.member.countryId });
      return { msg: `Daily bonus of ${data.currency} ${data.amount} claimed`, data };
    },
  }),
  defineAction('welcomebonus', {
    rateLimit: { perMinute: 30, isShared: true },
    handler: async (ctx) => {
      const data = await claimWelcomeBonus(ctx.deps, { memberId: ctx.member.id, countryId: ctx.member.countryId });
      return { msg: `Welcome bonus of ${data.currency} ${data.amount} claimed`, data };
    },
  }),
];
