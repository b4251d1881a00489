import { SetSmsSettingsPayloadSchema, SmsSettingsDataSchema, SmsSettingsPayloadSchema } from '@tuzo/contracts';
import { defineAction } from '../../http/action.ts';
import { smsPreferences } from './sms.service.ts';

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
];
