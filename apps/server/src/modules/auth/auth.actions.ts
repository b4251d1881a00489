import { AuthDataSchema, LoginDataSchema, LoginPayloadSchema, NoDataSchema, NoPayloadSchema, UpdatePasswordPayloadSchema } from '@tuzo/contracts';
import { defineAction } from '../../actions/types.ts';
import { takeUndelivered } from '../notifications/notifications.service.ts';
import { loadLastUpdate } from '../userdata/userdata.service.ts';
import { changePassword, login, logout } from './auth.service.ts';

export const authActions = [
  defineAction({
    name: 'login',
    methods: ['POST'],
    access: 'public',
    summary: 'Sign in with username (or email) and password; answers the bearer token and the user data.',
    payload: LoginPayloadSchema,
    data: LoginDataSchema,
    rateLimit: { perMinute: 300 },
    handler: async ({ payload, deps, ip, request }) => {
      const userAgent = request.headers['user-agent']?.slice(0, 300) ?? null;
      return { msg: 'Login successful', data: await login(deps, { ...payload, ip, userAgent }) };
    },
  }),
  defineAction({
    name: 'auth',
    summary: 'Check the session at start-up; undelivered notifications ride in `info`.',
    methods: ['GET'],
    access: 'member',
    payload: NoPayloadSchema,
    data: AuthDataSchema,
    handler: async (ctx) => {
      const memberId = ctx.member.id;
      const data = { lastupdate: await loadLastUpdate(ctx.deps, memberId) };
      return { msg: 'Authenticated', data, info: await takeUndelivered(ctx.deps, memberId) };
    },
  }),
  defineAction({
    name: 'logout',
    summary: 'Revoke this session.',
    methods: ['POST', 'GET'],
    access: 'member',
    payload: NoPayloadSchema,
    data: NoDataSchema,
    handler: async (ctx) => {
      await logout(ctx.deps, ctx.member);
      return { msg: 'Logged out' };
    },
  }),
  defineAction({
    name: 'updatepassword',
    methods: ['POST'],
    access: 'member',
    summary: 'Change the password; every other session is signed out.',
    payload: UpdatePasswordPayloadSchema,
    data: NoDataSchema,
    rateLimit: { perMinute: 10 },
    handler: async (ctx) => {
      await changePassword(ctx.deps, ctx.member, ctx.payload);
      return { msg: 'Password changed successfully!' };
    },
  }),
];
