import {
  AdminCountriesDataSchema,
  AdminCountriesPayloadSchema,
  AdminCountryDataSchema,
  AdminCountryPayloadSchema,
  AdminSettingDataSchema,
  AdminSettingPayloadSchema,
  AdminSettingsDataSchema,
  AdminSettingsPayloadSchema,
  AdminTaskDayDataSchema,
  AdminTaskDayPayloadSchema,
  AdminTaskDaysDataSchema,
  AdminTaskDaysPayloadSchema,
} from '@tuzo/contracts';
import { defineAction } from '../../http/action.ts';
import { changeCountry, changeTaskDays, listCountries, listTaskDays } from './admin-countries.service.ts';
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
    summary:
      "Change one setting: the value must fit the registry's schema (the casino wheel's expected return must stay in bounds); audited.",
    methods: ['POST'],
    access: 'operator',
    payload: AdminSettingPayloadSchema,
    data: AdminSettingDataSchema,
    handler: async (ctx) => ({
      msg: 'Setting saved',
      data: await changeSetting(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip }),
    }),
  }),
  defineAction({
    name: 'admincountries',
    summary: 'Every country with its exchange rate, switch, fee row and tariff brackets (local currency).',
    methods: ['GET'],
    access: 'support',
    payload: AdminCountriesPayloadSchema,
    data: AdminCountriesDataSchema,
    handler: async (ctx) => ({ msg: 'Countries loaded', data: await listCountries(ctx.deps) }),
  }),
  defineAction({
    name: 'admincountry',
    summary: "Replace a country's rate, switch, fee row and tariff brackets (non-overlapping, min at most max); audited.",
    methods: ['POST'],
    access: 'operator',
    payload: AdminCountryPayloadSchema,
    data: AdminCountryDataSchema,
    handler: async (ctx) => ({
      msg: 'Country saved',
      data: await changeCountry(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip }),
    }),
  }),
  defineAction({
    name: 'admintaskdays',
    summary: 'The weekdays each task (YouTube, TikTok, Ads, Trivia) runs on, 0 Sunday to 6 Saturday.',
    methods: ['GET'],
    access: 'support',
    payload: AdminTaskDaysPayloadSchema,
    data: AdminTaskDaysDataSchema,
    handler: async (ctx) => ({ msg: 'Task days loaded', data: await listTaskDays(ctx.deps) }),
  }),
  defineAction({
    name: 'admintaskday',
    summary: "Set one task's weekdays (at least one); audited.",
    methods: ['POST'],
    access: 'operator',
    payload: AdminTaskDayPayloadSchema,
    data: AdminTaskDayDataSchema,
    handler: async (ctx) => ({
      msg: 'Task days saved',
      data: await changeTaskDays(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip }),
    }),
  }),
];
