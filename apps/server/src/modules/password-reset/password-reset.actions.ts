import { defineAction } from '../../http/action.ts';
import { FORGOT_ANSWER, requestPasswordReset, resetPassword } from './password-reset.service.ts';

export const passwordResetActions = [
  defineAction('forgotpassword', {
    rateLimit: { perMinute: 20 },
    handler: async ({ deps, payload }) => {
      await requestPasswordReset(deps, payload.username);
      return { msg: FORGOT_ANSWER };
    },
  }),
  defineAction('resetpassword', {
    rateLimit: { perMinute: 30 },
    handler: async ({ deps, payload }) => {
      await resetPassword(deps, payload);
      return { msg: 'Your password has been reset. Please login with your new password.' };
    },
  }),
];
