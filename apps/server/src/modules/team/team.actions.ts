import { TEAM_MESSAGES } from '@tuzo/contracts';
import { defineAction } from '../../http/action.ts';
import { buildAffiliateLink, countDownlines, listDownlines } from './team.service.ts';

export const teamActions = [
  defineAction('allmyDownlines', {
    handler: async (ctx) => ({ msg: 'Team loaded', data: await countDownlines(ctx.deps, ctx.member.id) }),
  }),
  defineAction('myDownlines', {
    handler: async (ctx) => {
      const data = await listDownlines(ctx.deps, { memberId: ctx.member.id, query: ctx.payload });
      const msg = data.total === 0 ? TEAM_MESSAGES.noData : data.data.length === 0 ? TEAM_MESSAGES.noMatch : 'Team loaded';
      return { msg, data };
    },
  }),
  defineAction('affiliatelink', {
    handler: async (ctx) => ({ msg: 'Affiliate link', data: await buildAffiliateLink(ctx.deps, ctx.member.id) }),
  }),
];
