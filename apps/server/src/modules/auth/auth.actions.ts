import { defineAction } from '../../http/action.ts';
import { deviceIdOf } from '../fraud-signals/index.ts';
import { takeUndelivered } from '../notifications/index.ts';
import { exchangeAccessLink, issueAccessLink } from './access-link.service.ts';
import { changePassword, login, logout } from './auth.service.ts';
import { signInAnswer } from './sign-in-answer.ts';

export const authActions = [
  defineAction('login', {
    rateLimit: { perMinute: 300 },
    handler: async ({ payload, deps, ip, request }) => {
      const userAgent = request.headers['user-agent']?.slice(0, 300) ?? null;
      const device = deviceIdOf(request.headers);
      return { msg: 'Login successful', data: await login(deps, { ...payload, ip, userAgent, device }) };
    },
  }),
  defineAction('auth', {
    handler: async (ctx) => {
      const memberId = ctx.member.id;
      const data = { lastupdate: await signInAnswer().lastUpdate(ctx.deps, memberId) };
      return { msg: 'Authenticated', data, info: await takeUndelivered(ctx.deps, memberId) };
    },
  }),
  defineAction('logout', {
    handler: async (ctx) => {
      await logout(ctx.deps, ctx.member);
      return { msg: 'Logged out' };
    },
  }),
  defineAction('updatepassword', {
    rateLimit: { perMinute: 10 },
    handler: async (ctx) => {
      await changePassword(ctx.deps, ctx.member, ctx.payload);
      return { msg: 'Password changed successfully!' };
    },
  }),
  defineAction('accesslink', {
    rateLimit: { perMinute: 5 },
    handler: async ({ member, deps, ip }) => ({
      msg: 'Open this link on your other device within 10 minutes. It works once.',
      data: await issueAccessLink(deps, { member, ip }),
    }),
  }),
  defineAction('accessexchange', {
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
