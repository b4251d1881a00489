import { defineAction } from '../../http/action.ts';
import { listTrivia, retireTrivia, saveTrivia } from '../trivia/index.ts';
import { broadcast } from './broadcast.service.ts';
import { contentActions } from './content.actions.ts';

/**
 * The operator console's content: the trivia bank and notifications. Support staff read the bank; every change is
 * an operator's, audited in its own transaction. The CSV import is a route (`POST /api/admin/trivia/import`,
 * admin-content.routes.ts) because its body is larger than the action endpoint's limit.
 */
export const adminContentActions = [
  defineAction('admintrivia', {
    handler: async (ctx) => ({ msg: 'Questions loaded', data: await listTrivia(ctx.deps, ctx.payload) }),
  }),
  defineAction('admintriviasave', {
    handler: async (ctx) => ({
      msg: ctx.payload.id === undefined ? 'Question added' : 'Question saved',
      data: await saveTrivia(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip }),
    }),
  }),
  defineAction('admintriviaretire', {
    handler: async (ctx) => ({
      msg: ctx.payload.active ? 'Question restored' : 'Question retired',
      data: await retireTrivia(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip }),
    }),
  }),
  defineAction('adminbroadcast', {
    handler: async (ctx) => {
      const data = await broadcast(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip });
      const sent = data.sent === 1 ? 'Notification sent to 1 member' : `Notification sent to ${data.sent} members`;
      const sms = !ctx.payload.sms ? '' : data.sms_queued === 1 ? '; 1 SMS queued' : `; ${data.sms_queued} SMS queued`;
      return { msg: `${sent}${sms}`, data };
    },
  }),
  ...contentActions,
];
