import { defineAction } from '../../http/action.ts';
import { confirmPhoneChange, readWithdrawalHold } from './phone-changes.service.ts';

/** A member's phone change confirmed by the SMS code, and the withdrawal hold after it (decision 045). */
export const phoneChangeActions = [
  defineAction('confirmphone', {
    rateLimit: { perMinute: 10, isShared: true },
    handler: async ({ deps, member, payload, ip }) => ({
      msg: 'Your phone number has been changed',
      data: await confirmPhoneChange(deps, { memberId: member.id, code: payload.code, ip }),
    }),
  }),
  defineAction('withdrawalhold', {
    handler: async ({ deps, member }) => ({
      msg: 'Withdrawal hold loaded',
      data: await readWithdrawalHold(deps, member.id),
    }),
  }),
];
