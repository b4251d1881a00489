import {
  AdminBroadcastDataSchema,
  AdminBroadcastPayloadSchema,
  AdminTriviaDataSchema,
  AdminTriviaPayloadSchema,
  AdminTriviaRetirePayloadSchema,
  AdminTriviaRowSchema,
  AdminTriviaSaveDataSchema,
  AdminTriviaSavePayloadSchema,
} from '@tuzo/contracts';
import { defineAction } from '../../http/action.ts';
import { broadcast } from './broadcast.service.ts';
import { contentActions } from './content.actions.ts';
import { listTrivia, retireTrivia, saveTrivia } from './trivia-bank.service.ts';

/**
 * The operator console's content: the trivia bank and notifications. Support staff read the bank; every change is
 * an operator's, audited in its own transaction. The CSV import is a route (`POST /api/admin/trivia/import`,
 * admin-content.routes.ts) because its body is larger than the action endpoint's limit.
 */
export const adminContentActions = [
  defineAction({
    name: 'admintrivia',
    summary: 'The trivia bank, newest first: search the question text (`q`), `status` active or retired; paged.',
    methods: ['GET'],
    access: 'support',
    payload: AdminTriviaPayloadSchema,
    data: AdminTriviaDataSchema,
    handler: async (ctx) => ({ msg: 'Questions loaded', data: await listTrivia(ctx.deps, ctx.payload) }),
  }),
  defineAction({
    name: 'admintriviasave',
    summary:
      'Add a trivia question (no `id`) or edit one: the question, four different options, the correct one (1-4) and whether it is active.',
    methods: ['POST'],
    access: 'operator',
    payload: AdminTriviaSavePayloadSchema,
    data: AdminTriviaSaveDataSchema,
    handler: async (ctx) => ({
      msg: ctx.payload.id === undefined ? 'Question added' : 'Question saved',
      data: await saveTrivia(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip }),
    }),
  }),
  defineAction({
    name: 'admintriviaretire',
    summary: 'Retire a trivia question (`active: false`: no longer drawn for new rounds) or restore it (`active: true`).',
    methods: ['POST'],
    access: 'operator',
    payload: AdminTriviaRetirePayloadSchema,
    data: AdminTriviaRowSchema,
    handler: async (ctx) => ({
      msg: ctx.payload.active ? 'Question restored' : 'Question retired',
      data: await retireTrivia(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip }),
    }),
  }),
  defineAction({
    name: 'adminbroadcast',
    summary:
      'Send a notification to one member (`username`), every member of a country (`country_id`) or everyone; audited once with the count. With `sms: true`, also a promotional SMS to those of them who opted in (daytime hours, opt-out word; never about gambling).',
    methods: ['POST'],
    access: 'operator',
    payload: AdminBroadcastPayloadSchema,
    data: AdminBroadcastDataSchema,
    handler: async (ctx) => {
      const data = await broadcast(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip });
      const sent = data.sent === 1 ? 'Notification sent to 1 member' : `Notification sent to ${data.sent} members`;
      const sms = !ctx.payload.sms ? '' : data.sms_queued === 1 ? '; 1 SMS queued' : `; ${data.sms_queued} SMS queued`;
      return { msg: `${sent}${sms}`, data };
    },
  }),
  ...contentActions,
];
