import { TASK_MESSAGES } from '@tuzo/contracts';
import { defineAction } from '../../http/action.ts';
import { respondToAd } from './ads.respond.ts';
import { listAds } from './ads.service.ts';

const DONE_MESSAGES = {
  like: TASK_MESSAGES.liked,
  unlike: TASK_MESSAGES.unliked,
  comment: TASK_MESSAGES.commentSubmitted,
} as const;

export const adsActions = [
  defineAction('populateads', {
    handler: async (ctx) => {
      const { ads, msg } = await listAds(ctx.deps, ctx.member.id);
      return { msg, data: ads };
    },
  }),
  defineAction('payAds', {
    rateLimit: { perMinute: 120, isShared: true },
    handler: async (ctx) => {
      const data = await respondToAd(ctx.deps, {
        memberId: ctx.member.id,
        countryId: ctx.member.countryId,
        adId: ctx.payload.addId,
        liked: ctx.payload.liked,
        message: ctx.payload.message,
      });
      return { msg: DONE_MESSAGES[data.action], data };
    },
  }),
];
