import { defineAction } from '../../http/action.ts';
import { deviceIdOf } from '../fraud-signals/index.ts';
import { assertEmailFree, assertPhoneFree, assertUsernameFree, registerMember } from './registration.service.ts';

/** Availability answers: 200 when free, 409 CONFLICT when taken; the client reads `resultcode`. */
export const registrationActions = [
  defineAction('register', {
    rateLimit: { perMinute: 60 },
    handler: async ({ deps, payload, request, ip }) => {
      await registerMember(deps, payload, { device: deviceIdOf(request.headers), ip });
      return { msg: 'Registration successful!' };
    },
  }),
  defineAction('freeuser', {
    rateLimit: { perMinute: 600 },
    handler: async ({ deps, payload }) => {
      await assertUsernameFree(deps, payload.username);
      return { msg: 'Username is available' };
    },
  }),
  defineAction('freeemail', {
    rateLimit: { perMinute: 600 },
    handler: async ({ deps, payload }) => {
      await assertEmailFree(deps, payload.email);
      return { msg: 'Email is available' };
    },
  }),
  defineAction('freephone', {
    rateLimit: { perMinute: 600 },
    handler: async ({ deps, payload }) => {
      await assertPhoneFree(deps, payload);
      return { msg: 'Phone number is available' };
    },
  }),
];
