import {
  AffiliateLinkDataSchema,
  AllMyDownlinesDataSchema,
  MyDownlinesDataSchema,
  MyDownlinesPayloadSchema,
  NoPayloadSchema,
  TEAM_MESSAGES,
} from '@tuzo/contracts';
import { defineAction } from '../../http/action.ts';
import { buildAffiliateLink, countDownlines, listDownlines } from './team.service.ts';

export const teamActions = [
  defineAction({
    name: 'allmyDownlines',
    methods: ['GET'],
    access: 'member',
    summary: 'Team Power: total, active and dormant members on levels 1, 2 and 3.',
    payload: NoPayloadSchema,
    data: AllMyDownlinesDataSchema,
    handler: async (ctx) => ({ msg: 'Team loaded', data: await countDownlines(ctx.deps, ctx.member.id) }),
  }),
  defineAction({
    name: 'myDownlines',
    methods: ['GET'],
    access: 'member',
    summary:
      'One team level: counts and earnings of the whole level, and a page of its members (search q, status, page, limit ≤ 100).',
    payload: MyDownlinesPayloadSchema,
    data: MyDownlinesDataSchema,
    handler: async (ctx) => {
      const data = await listDownlines(ctx.deps, { memberId: ctx.member.id, query: ctx.payload });
      const msg = data.total === 0 ? TEAM_MESSAGES.noData : data.data.length === 0 ? TEAM_MESSAGES.noMatch : 'Team loaded';
      return { msg, data };
    },
  }),
  defineAction({
    name: 'affiliatelink',
    methods: ['GET'],
    access: 'member',
    summary: 'The member’s affiliate link: {public site url}/reg/{username}.',
    payload: NoPayloadSchema,
    data: AffiliateLinkDataSchema,
    handler: async (ctx) => ({ msg: 'Affiliate link', data: await buildAffiliateLink(ctx.deps, ctx.member.id) }),
  }),
];
