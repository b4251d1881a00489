import { defineAction } from '../../http/action.ts';
import { listAdCatalogue, retireCatalogueAd, saveCatalogueAd } from '../ads/index.ts';
import { listLessonCatalogue, saveCatalogueLesson } from '../lessons/index.ts';
import { deleteTimetableRow, listTimetableCatalogue, saveTimetableRow } from '../timetable/index.ts';
import { listVideoCatalogue, retireCatalogueVideo, saveCatalogueVideo } from '../videos/index.ts';

/**
 * Videos, ads, the timetable and lessons: support staff read, operators change. Each module owns its catalogue's
 * checks, writes and audit rows; these actions give them the console's words.
 */
export const contentActions = [
  defineAction('adminvideos', {
    handler: async (ctx) => ({ msg: 'Videos loaded', data: await listVideoCatalogue(ctx.deps, ctx.payload) }),
  }),
  defineAction('adminvideosave', {
    handler: async (ctx) => ({
      msg: 'Video saved',
      data: await saveCatalogueVideo(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip }),
    }),
  }),
  defineAction('adminvideoretire', {
    handler: async (ctx) => ({
      msg: ctx.payload.active ? 'Video restored' : 'Video retired',
      data: await retireCatalogueVideo(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip }),
    }),
  }),
  defineAction('adminads', {
    handler: async (ctx) => ({ msg: 'Ads loaded', data: await listAdCatalogue(ctx.deps, ctx.payload) }),
  }),
  defineAction('adminadsave', {
    handler: async (ctx) => ({
      msg: 'Ad saved',
      data: await saveCatalogueAd(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip }),
    }),
  }),
  defineAction('adminadretire', {
    handler: async (ctx) => ({
      msg: ctx.payload.active ? 'Ad restored' : 'Ad retired',
      data: await retireCatalogueAd(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip }),
    }),
  }),
  defineAction('admintimetable', {
    handler: async (ctx) => ({ msg: 'Timetable loaded', data: await listTimetableCatalogue(ctx.deps) }),
  }),
  defineAction('admintimetablesave', {
    handler: async (ctx) => ({
      msg: 'Timetable row saved',
      data: await saveTimetableRow(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip }),
    }),
  }),
  defineAction('admintimetabledelete', {
    handler: async (ctx) => ({
      msg: 'Timetable row deleted',
      data: await deleteTimetableRow(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip }),
    }),
  }),
  defineAction('adminlessons', {
    handler: async (ctx) => ({ msg: 'Lessons loaded', data: await listLessonCatalogue(ctx.deps, ctx.payload.kind) }),
  }),
  defineAction('adminlessonsave', {
    handler: async (ctx) => ({
      msg: 'Lesson saved',
      data: await saveCatalogueLesson(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip }),
    }),
  }),
];
