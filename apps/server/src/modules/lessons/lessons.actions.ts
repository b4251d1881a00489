import {
  EnrollDataSchema,
  EnrollPayloadSchema,
  LESSON_KIND_LABELS,
  LessonDoneDataSchema,
  LessonDonePayloadSchema,
  LessonsDataSchema,
  LessonsPayloadSchema,
} from '@tuzo/contracts';
import { defineAction } from '../../http/action.ts';
import { enroll, listLessons, markLessonDone } from './lessons.service.ts';

export const lessonsActions = [
  defineAction({
    name: 'lessons',
    methods: ['GET'],
    access: 'active',
    summary: 'A course’s lessons (kind forex or crypto) with the member’s enrolment and done marks.',
    payload: LessonsPayloadSchema,
    data: LessonsDataSchema,
    handler: async (ctx) => ({
      msg: `${LESSON_KIND_LABELS[ctx.payload.kind]} lessons`,
      data: await listLessons(ctx.deps, { memberId: ctx.member.id, kind: ctx.payload.kind }),
    }),
  }),
  defineAction({
    name: 'enroll',
    methods: ['POST'],
    access: 'active',
    summary: 'Enrol in a course (kind forex or crypto); enrolling again changes nothing.',
    payload: EnrollPayloadSchema,
    data: EnrollDataSchema,
    rateLimit: { perMinute: 30 },
    handler: async (ctx) => ({
      msg: `You are enrolled in the ${LESSON_KIND_LABELS[ctx.payload.kind]} course`,
      data: await enroll(ctx.deps, { memberId: ctx.member.id, kind: ctx.payload.kind }),
    }),
  }),
  defineAction({
    name: 'lessondone',
    methods: ['POST'],
    access: 'active',
    summary: 'Mark a lesson done (or, with done false, not done) for a member enrolled in its course.',
    payload: LessonDonePayloadSchema,
    data: LessonDoneDataSchema,
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
