import { NoPayloadSchema, PayAdsDataSchema, PayAdsPayloadSchema, PopulateAdsDataSchema, TASK_MESSAGES } from '@tuzo/contracts';
import { defineAction } from '../../http/action.ts';
import { listAds, respondToAd } from './ads.service.ts';

const DONE_MESSAGES = {
  like: TASK_MESSAGES.liked,
  unlike: TASK_MESSAGES.unliked,
  comment: TASK_MESSAGES.commentSubmitted,
} as const;

export const adsActions = [
  defineAction({
    name: 'populateads',
    methods: ['GET'],
    access: 'active',
    summary: 'Today’s 5 ads on show (the same for everyone) with the member’s response and earnings today.',
    payload: NoPayloadSchema,
    data: PopulateAdsDataSchema,
    handler: async (ctx) => {
      const { ads, msg } = await listAds(ctx.deps, ctx.member.id);
      return { msg, data: ads };
    },
  }),
  defineAction({
    name: 'payAds',
    methods: ['POST'],
    access: 'active',
    summary:
      'Like (pays once a day), unlike (pays nothing) or comment (stored once, pays once) an ad on show; into the Ads wallet.',
    payload: PayAdsPayloadSchema,
    data: PayAdsDataSchema,
    rateLimit: { perMinute: 120, isShared: true },
    handler: async (ctx) => {
      const data = await respondToAd(ctx.deps, {
        memberId: ctx.member.id,
        adId: ctx.payload.addId,
        liked: ctx.payload.liked,
        message: ctx.payload.message,
      });
      return { msg: DONE_MESSAGES[data.action], data };
    },
  }),
];
