import { LESSON_KIND_LABELS } from '@tuzo/contracts';
import { defineAction } from '../../http/action.ts';
import { enroll, listLessons, markLessonDone } from './lessons.service.ts';

export const lessonsActions = [
  defineAction('lessons', {
    handler: async (ctx) => ({
      msg: `${LESSON_KIND_LABELS[ctx.payload.kind]} lessons`,
      data: await listLessons(ctx.deps, { memberId: ctx.member.id, kind: ctx.payload.kind }),
    }),
  }),
  defineAction('enroll', {
    rateLimit: { perMinute: 30 },
    handler: async (ctx) => ({
      msg: `You are enrolled in the ${LESSON_KIND_LABELS[ctx.payload.kind]} course`,
      data: await enroll(ctx.deps, { memberId: ctx.member.id, kind: ctx.payload.kind }),
    }),
  }),
  defineAction('lessondone', {
    rateLimit: { perMinute: 60 },
    handler: async (ctx) => {
      const data = await markLessonDone(ctx.deps, {
        memberId: ctx.member.id,
        lessonId: BigInt(ctx.payload.id),
        done: ctx.payload.done,
      });
      return { msg: `${data.doneCount} of ${data.total} lessons done`, data };
    },
  }),
];
