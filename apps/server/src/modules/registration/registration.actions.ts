import {
  FreeEmailPayloadSchema,
  FreePhonePayloadSchema,
  FreeUserPayloadSchema,
  NoDataSchema,
  RegisterPayloadSchema,
} from '@tuzo/contracts';
import { defineAction } from '../../http/action.ts';
import { assertEmailFree, assertPhoneFree, assertUsernameFree, registerMember } from './registration.service.ts';

/** Availability answers: 200 when free, 409 CONFLICT when taken; the client reads `resultcode`. */
export const registrationActions = [
  defineAction({
    name: 'register',
    methods: ['POST'],
    access: 'public',
    summary: 'Create an inactive member account, optionally under a sponsor (upline).',
    payload: RegisterPayloadSchema,
    data: NoDataSchema,
    rateLimit: { perMinute: 60 },
    handler: async ({ deps, payload }) => {
      await registerMember(deps, payload);
      return { msg: 'Registration successful!' };
    },
  }),
  defineAction({
    name: 'freeuser',
    methods: ['POST', 'GET'],
    access: 'public',
    summary: 'Is this username free? 200 free, 409 taken.',
    payload: FreeUserPayloadSchema,
    data: NoDataSchema,
    rateLimit: { perMinute: 600 },
    handler: async ({ deps, payload }) => {
      await assertUsernameFree(deps, payload.username);
      return { msg: 'Username is available' };
    },
  }),
  defineAction({
    name: 'freeemail',
    methods: ['POST', 'GET'],
    access: 'public',
    summary: 'Is this email free? 200 free, 409 taken.',
    payload: FreeEmailPayloadSchema,
    data: NoDataSchema,
    rateLimit: { perMinute: 600 },
    handler: async ({ deps, payload }) => {
      await assertEmailFree(deps, payload.email);
      return { msg: 'Email is available' };
    },
  }),
  defineAction({
    name: 'freephone',
    methods: ['POST', 'GET'],
    access: 'public',
    summary: 'Is this phone number free in the country? 200 free, 409 taken.',
    payload: FreePhonePayloadSchema,
    data: NoDataSchema,
    rateLimit: { perMinute: 600 },
    handler: async ({ deps, payload }) => {
      await assertPhoneFree(deps, payload);
      return { msg: 'Phone number is available' };
    },
  }),
];
