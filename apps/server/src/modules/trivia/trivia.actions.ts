import {
  AnswerQuizDataSchema,
  AnswerQuizPayloadSchema,
  PopulateTriviaDataSchema,
  PopulateTriviaPayloadSchema,
  TriviaInfoDataSchema,
  TriviaInfoPayloadSchema,
  triviaResultMessage,
} from '@tuzo/contracts';
import { defineAction } from '../../http/action.ts';
import { loadTriviaInfo, startTrivia, submitAnswers } from './trivia.service.ts';

export const triviaActions = [
  defineAction({
    name: 'populatetrivia',
    methods: ['GET'],
    access: 'active',
    summary: 'Start (or resume) today’s trivia: 10 random questions without their answers; the clock starts on the first call.',
    payload: PopulateTriviaPayloadSchema,
    data: PopulateTriviaDataSchema,
    rateLimit: { perMinute: 30 },
    handler: async (ctx) => {
      const { questions, msg } = await startTrivia(ctx.deps, ctx.member.id);
      return { msg, data: questions };
    },
  }),
  defineAction({
    name: 'answerdquiz',
    methods: ['POST'],
    access: 'active',
    summary: 'Submit today’s trivia answers once: each correct answer (served, on time) pays the trivia price into Jumbo.',
    payload: AnswerQuizPayloadSchema,
    data: AnswerQuizDataSchema,
    rateLimit: { perMinute: 30, isShared: true },
    handler: async (ctx) => {
      const data = await submitAnswers(ctx.deps, { memberId: ctx.member.id, answers: ctx.payload.answers });
      return { msg: triviaResultMessage(data), data };
    },
  }),
  defineAction({
    name: 'triviainfo',
    methods: ['GET'],
    access: 'active',
    summary: 'The trivia intro: price per correct answer in the member’s currency, the rules, today’s availability and round.',
    payload: TriviaInfoPayloadSchema,
    data: TriviaInfoDataSchema,
    handler: async (ctx) => ({ msg: 'Trivia', data: await loadTriviaInfo(ctx.deps, ctx.member.id) }),
  }),
];
