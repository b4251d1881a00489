import {
  ConfirmPhoneDataSchema,
  ConfirmPhonePayloadSchema,
  WithdrawalHoldDataSchema,
  WithdrawalHoldPayloadSchema,
} from '@tuzo/contracts';
import { defineAction } from '../../http/action.ts';
import { confirmPhoneChange, readWithdrawalHold } from './phone-changes.service.ts';

/** A member's phone change confirmed by the SMS code, and the withdrawal hold after it (decision 045). */
export const phoneChangeActions = [
  defineAction({
    name: 'confirmphone',
    methods: ['POST'],
    access: 'member',
    summary:
      'Apply my phone change with the code sent by SMS to the new phone (5 attempts, 10 minutes); the old phone and the email are told, and withdrawals are held for payouts.phone_change_hold_hours.',
    payload: ConfirmPhonePayloadSchema,
    data: ConfirmPhoneDataSchema,
    rateLimit: { perMinute: 10, isShared: true },
    handler: async ({ deps, member, payload, ip }) => ({
      msg: 'Your phone number has been changed',
      data: await confirmPhoneChange(deps, { memberId: member.id, code: payload.code, ip }),
    }),
  }),
  defineAction({
    name: 'withdrawalhold',
    methods: ['GET'],
    access: 'member',
    summary: 'Until when my withdrawals are held after a phone change, and a phone change waiting for its code.',
    payload: WithdrawalHoldPayloadSchema,
    data: WithdrawalHoldDataSchema,
    handler: async ({ deps, member }) => ({
      msg: 'Withdrawal hold loaded',
      data: await readWithdrawalHold(deps, member.id),
    }),
  }),
];
