import { defineAction } from '../../http/action.ts';
import { localiseNotification } from '../../http/message-language.ts';
import { askReview, loadMyHolds } from './member-holds.service.ts';

/** A member's held commissions and their review request (decision 062). */
export const memberHoldsActions = [
  defineAction('myholds', {
    handler: async (ctx) => {
      const data = await loadMyHolds(ctx.deps, ctx.member.id);
      // The reason in the member's language, as their notifications are.
      const reason = data.reason === null ? null : localiseNotification(ctx.request, data.reason, ctx.member.language);
      return { msg: 'Held commissions loaded', data: { ...data, reason } };
    },
  }),
  defineAction('askreview', {
    handler: async (ctx) => ({
      msg: 'Review requested: we will check your team’s accounts and answer you',
      data: await askReview(ctx.deps, { memberId: ctx.member.id, message: ctx.payload.message }),
    }),
  }),
];
