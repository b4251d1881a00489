import { defineAction } from '../../http/action.ts';
import { setUssdPin, unlockUssd } from './ussd-pin.ts';

/** The web profile's USSD PIN card (decision 056): set or change the PIN, unlock after three wrong PINs. */
export const ussdActions = [
  defineAction('setussdpin', {
    rateLimit: { perMinute: 5, isShared: true },
    handler: async (ctx) => {
      await setUssdPin(ctx.deps, {
        memberId: ctx.member.id,
        pin: ctx.payload.pin,
        pinConfirmation: ctx.payload.pin_confirmation,
        password: ctx.payload.password,
      });
      return { msg: 'Your USSD PIN is set', data: null };
    },
  }),
  defineAction('unlockussd', {
    rateLimit: { perMinute: 5, isShared: true },
    handler: async (ctx) => {
      await unlockUssd(ctx.deps, { memberId: ctx.member.id, password: ctx.payload.password });
      return { msg: 'USSD withdrawals are unlocked', data: null };
    },
  }),
];
