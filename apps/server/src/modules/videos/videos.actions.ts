import { defineAction } from '../../http/action.ts';
import { payVideo } from './videos.pay.ts';
import { listVideos, startVideo } from './videos.service.ts';

export const videosActions = [
  defineAction('populateyoutube', {
    handler: async (ctx) => {
      const { msg, ...data } = await listVideos(ctx.deps, { memberId: ctx.member.id, task: 'youtube' });
      return { msg, data };
    },
  }),
  defineAction('populatetiktok', {
    handler: async (ctx) => {
      const { msg, videos } = await listVideos(ctx.deps, { memberId: ctx.member.id, task: 'tiktok' });
      return { msg, data: videos };
    },
  }),
  defineAction('startvideo', {
    rateLimit: { perMinute: 120 },
    handler: async (ctx) => ({
      msg: 'Video started',
      data: await startVideo(ctx.deps, { memberId: ctx.member.id, videoId: ctx.payload.vid }),
    }),
  }),
  defineAction('payyoutube', {
    rateLimit: { perMinute: 120, isShared: true },
    handler: async (ctx) => {
      const data = await payVideo(ctx.deps, {
        memberId: ctx.member.id,
        countryId: ctx.member.countryId,
        task: 'youtube',
        videoId: ctx.payload.vid,
      });
      return { msg: `${data.currency} ${data.amount} added to your YouTube wallet`, data };
    },
  }),
  defineAction('paytiktok', {
    rateLimit: { perMinute: 120, isShared: true },
    handler: async (ctx) => {
      const data = await payVideo(ctx.deps, {
        memberId: ctx.member.id,
        countryId: ctx.member.countryId,
        task: 'tiktok',
        videoId: ctx.payload.vid,
      });
      return { msg: `${data.currency} ${data.amount} added to your TikTok wallet`, data };
    },
  }),
];
