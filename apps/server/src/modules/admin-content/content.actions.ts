import { defineAction } from '../../http/action.ts';
import * as content from './content.service.ts';

/** Videos, ads, the timetable and lessons: support staff read, operators change (each change audited). */
export const contentActions = [
  defineAction('adminvideos', {
    handler: async (ctx) => ({ msg: 'Videos loaded', data: await content.listVideos(ctx.deps, ctx.payload) }),
  }),
  defineAction('adminvideosave', {
    handler: async (ctx) => ({
      msg: 'Video saved',
      data: await content.saveVideo(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip }),
    }),
  }),
  defineAction('adminvideoretire', {
    handler: async (ctx) => ({
      msg: ctx.payload.active ? 'Video restored' : 'Video retired',
      data: await content.setVideoActive(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip }),
    }),
  }),
  defineAction('adminads', {
    handler: async (ctx) => ({ msg: 'Ads loaded', data: await content.listAds(ctx.deps, ctx.payload) }),
  }),
  defineAction('adminadsave', {
    handler: async (ctx) => ({
      msg: 'Ad saved',
      data: await content.saveAd(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip }),
    }),
  }),
  defineAction('adminadretire', {
    handler: async (ctx) => ({
      msg: ctx.payload.active ? 'Ad restored' : 'Ad retired',
      data: await content.setAdActive(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip }),
    }),
  }),
  defineAction('admintimetable', {
    handler: async (ctx) => ({ msg: 'Timetable loaded', data: await content.listTimetable(ctx.deps) }),
  }),
  defineAction('admintimetablesave', {
    handler: async (ctx) => ({
      msg: 'Timetable row saved',
      data: await content.saveTimetable(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip }),
    }),
  }),
  defineAction('admintimetabledelete', {
    handler: async (ctx) => ({
      msg: 'Timetable row deleted',
      data: await content.removeTimetable(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip }),
    }),
  }),
  defineAction('adminlessons', {
    handler: async (ctx) => ({ msg: 'Lessons loaded', data: await content.listLessons(ctx.deps, ctx.payload.kind) }),
  }),
  defineAction('adminlessonsave', {
    handler: async (ctx) => ({
      msg: 'Lesson saved',
      data: await content.saveLesson(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip }),
    }),
  }),
];
