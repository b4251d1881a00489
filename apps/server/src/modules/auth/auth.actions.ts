import { AuthDataSchema, LoginPayloadSchema, UpdatePasswordPayloadSchema } from '@tuzo/contracts';
import { z } from 'zod';
import { defineAction, requireMember } from '../../actions/types.ts';
import { takeUndelivered } from '../notifications/notifications.service.ts';
import { loadLastUpdate } from '../userdata/userdata.service.ts';
import { changePassword, login, logout } from './auth.service.ts';

const NoPayloadSchema = z.object({}).passthrough();

export const authActions = [
  defineAction({
    name: 'login',
    methods: ['POST'],
    access: 'public',
    payload: LoginPayloadSchema,
    rateLimit: { perMinute: 10 },
    handler: async ({ payload, deps, ip, request }) => {
      const userAgent = request.headers['user-agent']?.slice(0, 300) ?? null;
      return { msg: 'Login successful', data: await login(deps, { ...payload, ip, userAgent }) };
    },
  }),
  defineAction({
    name: 'auth',
    methods: ['GET'],
    access: 'member',
    payload: NoPayloadSchema,
    handler: async (ctx) => {
      const memberId = requireMember(ctx).id;
      const data = AuthDataSchema.parse({ lastupdate: await loadLastUpdate(ctx.deps, memberId) });
      return { msg: 'Authenticated', data, info: await takeUndelivered(ctx.deps, memberId) };
    },
  }),
  defineAction({
    name: 'logout',
    methods: ['POST', 'GET'],
    access: 'member',
    payload: NoPayloadSchema,
    handler: async (ctx) => {
      await logout(ctx.deps, requireMember(ctx));
      return { msg: 'Logged out' };
    },
  }),
  defineAction({
    name: 'updatepassword',
    methods: ['POST'],
    access: 'member',
    payload: UpdatePasswordPayloadSchema,
    rateLimit: { perMinute: 10 },
    handler: async (ctx) => {
      await changePassword(ctx.deps, requireMember(ctx), ctx.payload);
      return { msg: 'Password changed successfully!' };
    },
  }),
];
