import {
  NoPayloadSchema,
  PayVideoDataSchema,
  PopulateTiktokDataSchema,
  PopulateYoutubeDataSchema,
  StartVideoDataSchema,
  VideoIdPayloadSchema,
} from '@tuzo/contracts';
import { defineAction } from '../../http/action.ts';
import { listVideos, payVideo, startVideo } from './videos.service.ts';

export const videosActions = [
  defineAction({
    name: 'populateyoutube',
    methods: ['GET'],
    access: 'active',
    summary:
      'Today’s YouTube videos on show (4, the same for everyone), price in the member’s currency, paid today; and the days.',
    payload: NoPayloadSchema,
    data: PopulateYoutubeDataSchema,
    handler: async (ctx) => {
      const { msg, ...data } = await listVideos(ctx.deps, { memberId: ctx.member.id, task: 'youtube' });
      return { msg, data };
    },
  }),
  defineAction({
    name: 'populatetiktok',
    methods: ['GET'],
    access: 'active',
    summary: 'Today’s TikTok videos on show (4, the same for everyone), price in the member’s currency, paid today.',
    payload: NoPayloadSchema,
    data: PopulateTiktokDataSchema,
    handler: async (ctx) => {
      const { msg, videos } = await listVideos(ctx.deps, { memberId: ctx.member.id, task: 'tiktok' });
      return { msg, data: videos };
    },
  }),
  defineAction({
    name: 'startvideo',
    methods: ['POST'],
    access: 'active',
    summary: 'Records, by the server’s clock, that playback of a video on show started (the first start of the day counts).',
    payload: VideoIdPayloadSchema,
    data: StartVideoDataSchema,
    rateLimit: { perMinute: 120 },
    handler: async (ctx) => ({
      msg: 'Video started',
      data: await startVideo(ctx.deps, { memberId: ctx.member.id, videoId: ctx.payload.vid }),
    }),
  }),
  defineAction({
    name: 'payyoutube',
    methods: ['POST'],
    access: 'active',
    summary: 'Pays a YouTube video on show into the YouTube wallet, 5 s after its recorded start, once per day.',
    payload: VideoIdPayloadSchema,
    data: PayVideoDataSchema,
    rateLimit: { perMinute: 120, isShared: true },
    handler: async (ctx) => {
      const data = await payVideo(ctx.deps, { memberId: ctx.member.id, task: 'youtube', videoId: ctx.payload.vid });
      return { msg: `${data.currency} ${data.amount} added to your YouTube wallet`, data };
    },
  }),
  defineAction({
    name: 'paytiktok',
    methods: ['POST'],
    access: 'active',
    summary: 'Pays a TikTok video on show into the TikTok wallet, 5 s after its recorded start, once per day.',
    payload: VideoIdPayloadSchema,
    data: PayVideoDataSchema,
    rateLimit: { perMinute: 120, isShared: true },
    handler: async (ctx) => {
      const data = await payVideo(ctx.deps, { memberId: ctx.member.id, task: 'tiktok', videoId: ctx.payload.vid });
      return { msg: `${data.currency} ${data.amount} added to your TikTok wallet`, data };
    },
  }),
];
