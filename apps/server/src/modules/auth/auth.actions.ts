import {
  AccessExchangePayloadSchema,
  AccessLinkDataSchema,
  AuthDataSchema,
  LoginDataSchema,
  LoginPayloadSchema,
  NoDataSchema,
  NoPayloadSchema,
  UpdatePasswordPayloadSchema,
} from '@tuzo/contracts';
import { defineAction } from '../../http/action.ts';
import { takeUndelivered } from '../notifications/notifications.service.ts';
import { loadLastUpdate } from '../userdata/userdata.service.ts';
import { exchangeAccessLink, issueAccessLink } from './access-link.service.ts';
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
    access: 'account',
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
    access: 'account',
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
    access: 'account',
    summary: 'Change the password; every other session is signed out.',
    payload: UpdatePasswordPayloadSchema,
    data: NoDataSchema,
    rateLimit: { perMinute: 10 },
    handler: async (ctx) => {
      await changePassword(ctx.deps, ctx.member, ctx.payload);
      return { msg: 'Password changed successfully!' };
    },
  }),
  defineAction({
    name: 'accesslink',
    methods: ['POST'],
    access: 'member',
    summary: 'A single-use link (/access/<token>, valid 10 minutes) that signs this member in on another device. Members only.',
    payload: NoPayloadSchema,
    data: AccessLinkDataSchema,
    rateLimit: { perMinute: 5 },
    handler: async ({ member, deps, ip }) => ({
      msg: 'Open this link on your other device within 10 minutes. It works once.',
      data: await issueAccessLink(deps, { member, ip }),
    }),
  }),
  defineAction({
    name: 'accessexchange',
    methods: ['POST'],
    access: 'public',
    summary:
      'Exchange an access link token for a session (once). Until `confirm` is true it answers CONFIRM_SIGN_IN with whose link it is, so the page asks "Sign in as <username>?" first.',
    payload: AccessExchangePayloadSchema,
    data: LoginDataSchema,
    rateLimit: { perMinute: 30 },
    handler: async ({ payload, member, deps, ip, request }) => {
      const userAgent = request.headers['user-agent']?.slice(0, 300) ?? null;
      const data = await exchangeAccessLink(deps, {
        token: payload.token,
        isConfirmed: payload.confirm === true,
        current: member,
        ip,
        userAgent,
      });
      return { msg: 'Login successful', data };
    },
  }),
];
