import { isApprovalRequested } from '@tuzo/contracts';
import { approvalRequestedAnswer } from '../approvals/index.ts';
import { defineAction } from '../../http/action.ts';
import { changeTaskDays, listCountries, listTaskDays, requestCountryChange } from './admin-countries.service.ts';
import { changeOrRequestSetting, listSettings } from './admin-settings.service.ts';

/**
 * The operator console's settings: support staff read them; operators change them one at a time, each change
 * checked by the settings registry and audited with the value before and after.
 */
export const adminSettingsActions = [
  defineAction('adminsettings', {
    handler: async (ctx) => ({ msg: 'Settings loaded', data: await listSettings(ctx.deps) }),
  }),
  defineAction('adminsetting', {
    handler: async (ctx) => {
      const data = await changeOrRequestSetting(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip });
      if (isApprovalRequested(data)) return approvalRequestedAnswer(ctx.deps, data);
      return { msg: 'Setting saved', data };
    },
  }),
  defineAction('admincountries', {
    handler: async (ctx) => ({ msg: 'Countries loaded', data: await listCountries(ctx.deps) }),
  }),
  defineAction('admincountry', {
    handler: async (ctx) =>
      approvalRequestedAnswer(
        ctx.deps,
        await requestCountryChange(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip }),
      ),
  }),
  defineAction('admintaskdays', {
    handler: async (ctx) => ({ msg: 'Task days loaded', data: await listTaskDays(ctx.deps) }),
  }),
  defineAction('admintaskday', {
    handler: async (ctx) => ({
      msg: 'Task days saved',
      data: await changeTaskDays(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip }),
    }),
  }),
];
