import { ForgotPasswordPayloadSchema, NoDataSchema, ResetPasswordPayloadSchema } from '@tuzo/contracts';
import { defineAction } from '../../http/action.ts';
import { FORGOT_ANSWER, requestPasswordReset, resetPassword } from './password-reset.service.ts';

export const passwordResetActions = [
  defineAction({
    name: 'forgotpassword',
    methods: ['POST'],
    access: 'public',
    summary: 'Send a one-time reset link to the account (the same answer for every input).',
    payload: ForgotPasswordPayloadSchema,
    data: NoDataSchema,
    rateLimit: { perMinute: 20 },
    handler: async ({ deps, payload }) => {
      await requestPasswordReset(deps, payload.username);
      return { msg: FORGOT_ANSWER };
    },
  }),
  defineAction({
    name: 'resetpassword',
    methods: ['POST'],
    access: 'public',
    summary: 'Set a new password with a reset link token; every session is signed out.',
    payload: ResetPasswordPayloadSchema,
    data: NoDataSchema,
    rateLimit: { perMinute: 30 },
    handler: async ({ deps, payload }) => {
      await resetPassword(deps, payload);
      return { msg: 'Your password has been reset. Please login with your new password.' };
    },
  }),
];
