import { ForgotPasswordPayloadSchema, ResetPasswordPayloadSchema } from '@tuzo/contracts';
import { defineAction } from '../../actions/types.ts';
import { FORGOT_ANSWER, requestPasswordReset, resetPassword } from './password-reset.service.ts';

export const passwordResetActions = [
  defineAction({
    name: 'forgotpassword',
    methods: ['POST'],
    access: 'public',
    payload: ForgotPasswordPayloadSchema,
    rateLimit: { perMinute: 5 },
    handler: async ({ deps, payload }) => {
      await requestPasswordReset(deps, payload.username);
      return { msg: FORGOT_ANSWER };
    },
  }),
  defineAction({
    name: 'resetpassword',
    methods: ['POST'],
    access: 'public',
    payload: ResetPasswordPayloadSchema,
    rateLimit: { perMinute: 10 },
    handler: async ({ deps, payload }) => {
      await resetPassword(deps, payload);
      return { msg: 'Your password has been reset. Please login with your new password.' };
    },
  }),
];
