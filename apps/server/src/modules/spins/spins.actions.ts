import { SPIN_MESSAGES } from '@tuzo/contracts';
import { defineAction } from '../../http/action.ts';
import { confirmAge, excludeSelf } from './spins.guardrails.ts';
import { listSpinHistory, readOdds, readSpinState } from './spins.read.ts';
import { rotateSeed } from './spins.seeds.ts';
import { spinCasino, spinFree } from './spins.service.ts';

/** Spin pages live in the activated area (spec part 2, section 2): every spin action needs an active account. */
export const spinsActions = [
  defineAction('freespin', {
    rateLimit: { perMinute: 20, isShared: true },
    handler: async (ctx) => {
      const data = await spinFree(ctx.deps, { memberId: ctx.member.id, countryId: ctx.member.countryId });
      return { msg: `You won ${data.currency} ${data.win}`, data };
    },
  }),
  defineAction('requestSpin', {
    rateLimit: { perMinute: 60, isShared: true },
    handler: async (ctx) => {
      const data = await spinCasino(ctx.deps, {
        memberId: ctx.member.id,
        countryId: ctx.member.countryId,
        acc: ctx.payload.acc,
        stakeLocalMinor: ctx.payload.spin_amount,
        clientKey: ctx.idempotencyKey,
      });
      return { msg: data.win === '0.00' ? 'No win this time' : `You won ${data.currency} ${data.win}`, data };
    },
  }),
  defineAction('spinodds', {
    handler: async (ctx) => ({ data: await readOdds(ctx.deps, { memberId: ctx.member.id, kind: ctx.payload.kind }) }),
  }),
  defineAction('spinstate', {
    handler: async (ctx) => ({ data: await readSpinState(ctx.deps, { memberId: ctx.member.id }) }),
  }),
  defineAction('spinseed', {
    rateLimit: { perMinute: 20 },
    handler: async (ctx) => ({
      msg: 'Server seed revealed; a new one is in use',
      data: await rotateSeed(ctx.deps, { memberId: ctx.member.id, clientSeed: ctx.payload.client_seed }),
    }),
  }),
  defineAction('spinhistory', {
    handler: async (ctx) => {
      const data = await listSpinHistory(ctx.deps, { memberId: ctx.member.id, page: ctx.payload.page, limit: ctx.payload.limit });
      return { msg: data.total === 0 ? SPIN_MESSAGES.noHistory : 'Spin history loaded', data };
    },
  }),
  defineAction('spinconsent', {
    handler: async (ctx) => ({
      msg: 'Thank you. Casino spins are open to you.',
      data: await confirmAge(ctx.deps, { memberId: ctx.member.id, ip: ctx.ip }),
    }),
  }),
  defineAction('spinexclude', {
    handler: async (ctx) => {
      const data = await excludeSelf(ctx.deps, { memberId: ctx.member.id, period: ctx.payload.days, ip: ctx.ip });
      return {
        msg: data.excluded_forever
          ? 'You are excluded from casino spins permanently'
          : `You are excluded from casino spins until ${data.excluded_until}`,
        data,
      };
    },
  }),
];
