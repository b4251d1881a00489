import { AdminSettingDataSchema, AdminSettingPayloadSchema, AdminSettingsDataSchema, AdminSettingsPayloadSchema } from '@tuzo/contracts';
import { defineAction } from '../../actions/types.ts';
import { changeSetting, listSettings } from './admin-settings.service.ts';

/**
 * The operator console's settings: support staff read them; operators change them one at a time, each change
 * checked by the settings registry and audited with the value before and after.
 */
export const adminSettingsActions = [
  defineAction({
    name: 'adminsettings',
    summary: 'Every operator setting from the registry: key, description, current value and default.',
    methods: ['GET'],
    access: 'support',
    payload: AdminSettingsPayloadSchema,
    data: AdminSettingsDataSchema,
    handler: async (ctx) => ({ msg: 'Settings loaded', data: await listSettings(ctx.deps) }),
  }),
  defineAction({
    name: 'adminsetting',
    summary: "Change one setting: the value must fit the registry's schema (the casino wheel's expected return must stay in bounds); audited.",
    methods: ['POST'],
    access: 'operator',
    payload: AdminSettingPayloadSchema,
    data: AdminSettingDataSchema,
    handler: async (ctx) => ({ msg: 'Setting saved', data: await changeSetting(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip }) }),
  }),
];
