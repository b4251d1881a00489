import { triviaResultMessage } from '@tuzo/contracts';
import { defineAction } from '../../http/action.ts';
import { loadTriviaInfo, startTrivia, submitAnswers } from './trivia.service.ts';

export const triviaActions = [
  defineAction('populatetrivia', {
    rateLimit: { perMinute: 30 },
    handler: async (ctx) => {
      const { questions, msg } = await startTrivia(ctx.deps, ctx.member.id);
      return { msg, data: questions };
    },
  }),
  defineAction('answerdquiz', {
    rateLimit: { perMinute: 30, isShared: true },
    handler: async (ctx) => {
      const data = await submitAnswers(ctx.deps, {
        memberId: ctx.member.id,
        countryId: ctx.member.countryId,
        answers: ctx.payload.answers,
      });
      return { msg: triviaResultMessage(data), data };
    },
  }),
  defineAction('triviainfo', {
    handler: async (ctx) => ({ msg: 'Trivia', data: await loadTriviaInfo(ctx.deps, ctx.member.id) }),
  }),
];
