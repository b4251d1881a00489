import {
  AdminCountriesDataSchema,
  AdminCountriesPayloadSchema,
  AdminCountryPayloadSchema,
  AdminSettingDataSchema,
  AdminSettingPayloadSchema,
  AdminSettingsDataSchema,
  AdminSettingsPayloadSchema,
  AdminTaskDayDataSchema,
  AdminTaskDayPayloadSchema,
  AdminTaskDaysDataSchema,
  AdminTaskDaysPayloadSchema,
  ApprovalRequestedDataSchema,
  isApprovalRequested,
  orApprovalRequest,
} from '@tuzo/contracts';
import { approvalRequestedAnswer } from '../approvals/approvals.service.ts';
import { defineAction } from '../../http/action.ts';
import { changeTaskDays, listCountries, listTaskDays, requestCountryChange } from './admin-countries.service.ts';
import { changeOrRequestSetting, listSettings } from './admin-settings.service.ts';

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
      "Change one setting: the value must fit the registry's schema (the casino wheel's expected return must stay in bounds); audited. A money-control setting answers 202: a second operator approves the change.",
    methods: ['POST'],
    access: 'operator',
    payload: AdminSettingPayloadSchema,
    data: orApprovalRequest(AdminSettingDataSchema),
    handler: async (ctx) => {
      const data = await changeOrRequestSetting(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip });
      if (isApprovalRequested(data)) return approvalRequestedAnswer(ctx.deps, data);
      return { msg: 'Setting saved', data };
    },
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
    summary:
      "Ask to replace a country's rate, switch, fee row and tariff brackets (non-overlapping, min at most max) (202): a second operator approves.",
    methods: ['POST'],
    access: 'operator',
    payload: AdminCountryPayloadSchema,
    data: ApprovalRequestedDataSchema,
    handler: async (ctx) =>
      approvalRequestedAnswer(
        ctx.deps,
        await requestCountryChange(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip }),
      ),
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
