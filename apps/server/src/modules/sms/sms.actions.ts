import { defineAction } from '../../http/action.ts';
import { setMemberLanguage, smsPreferences } from './sms.service.ts';

export const smsActions = [
  defineAction('smssettings', {
    handler: async (ctx) => {
      const data = await smsPreferences(ctx.deps, { memberId: ctx.member.id });
      return { msg: 'SMS settings loaded', data };
    },
  }),
  defineAction('setsmssettings', {
    handler: async (ctx) => {
      const data = await smsPreferences(ctx.deps, {
        memberId: ctx.member.id,
        commission: ctx.payload.commission,
        promotions: ctx.payload.promotions,
      });
      return { msg: 'SMS settings saved', data };
    },
  }),
  defineAction('setlanguage', {
    rateLimit: { perMinute: 30 },
    handler: async (ctx) => {
      const data = await setMemberLanguage(ctx.deps, { memberId: ctx.member.id, language: ctx.payload.language });
      return { msg: 'Language saved', data };
    },
  }),
];
