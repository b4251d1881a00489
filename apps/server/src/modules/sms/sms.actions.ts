import {
  SetLanguageDataSchema,
  SetLanguagePayloadSchema,
  SetSmsSettingsPayloadSchema,
  SmsSettingsDataSchema,
  SmsSettingsPayloadSchema,
} from '@tuzo/contracts';
import { defineAction } from '../../http/action.ts';
import { setMemberLanguage, smsPreferences } from './sms.service.ts';

export const smsActions = [
  defineAction({
    name: 'smssettings',
    methods: ['GET'],
    access: 'member',
    summary: 'The member’s SMS choices: language, commission SMS (on by default), promotional SMS (off by default).',
    payload: SmsSettingsPayloadSchema,
    data: SmsSettingsDataSchema,
    handler: async (ctx) => {
      const data = await smsPreferences(ctx.deps, { memberId: ctx.member.id });
      return { msg: 'SMS settings loaded', data };
    },
  }),
  defineAction({
    name: 'setsmssettings',
    methods: ['POST'],
    access: 'member',
    summary: 'Turn the commission SMS and/or promotional SMS on or off (`commission`, `promotions`: booleans).',
    payload: SetSmsSettingsPayloadSchema,
    data: SmsSettingsDataSchema,
    handler: async (ctx) => {
      const data = await smsPreferences(ctx.deps, {
        memberId: ctx.member.id,
        commission: ctx.payload.commission,
        promotions: ctx.payload.promotions,
      });
      return { msg: 'SMS settings saved', data };
    },
  }),
  defineAction({
    name: 'setlanguage',
    methods: ['POST'],
    access: 'member',
    summary:
      'Set the member’s language (`language`: en or sw) for the app, notifications and SMS; `userdata` shows it as userdetails.language.',
    payload: SetLanguagePayloadSchema,
    data: SetLanguageDataSchema,
    rateLimit: { perMinute: 30 },
    handler: async (ctx) => {
      const data = await setMemberLanguage(ctx.deps, { memberId: ctx.member.id, language: ctx.payload.language });
      return { msg: 'Language saved', data };
    },
  }),
];
