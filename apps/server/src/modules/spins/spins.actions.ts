import {
  NoPayloadSchema,
  RequestSpinPayloadSchema,
  SpinConsentDataSchema,
  SpinConsentPayloadSchema,
  SpinDataSchema,
  SpinExcludeDataSchema,
  SpinExcludePayloadSchema,
  SpinHistoryDataSchema,
  SpinHistoryPayloadSchema,
  SpinOddsDataSchema,
  SpinOddsPayloadSchema,
  SpinSeedDataSchema,
  SpinSeedPayloadSchema,
  SpinStateDataSchema,
  SPIN_MESSAGES,
} from '@tuzo/contracts';
import { defineAction } from '../../http/action.ts';
import { confirmAge, excludeSelf } from './spins.guardrails.ts';
import { listSpinHistory, readOdds, readSpinState } from './spins.read.ts';
import { rotateSeed } from './spins.seeds.ts';
import { spinCasino, spinFree } from './spins.service.ts';

/** Spin pages live in the activated area (spec part 2, section 2): every spin action needs an active account. */
export const spinsActions = [
  defineAction({
    name: 'freespin',
    methods: ['GET', 'POST'],
    access: 'active',
    idempotent: true,
    summary: 'The free spin, once per member ever: a provably fair draw on the free wheel, the prize paid into Jumbo.',
    payload: NoPayloadSchema,
    data: SpinDataSchema,
    rateLimit: { perMinute: 20, isShared: true },
    handler: async (ctx) => {
      const data = await spinFree(ctx.deps, { memberId: ctx.member.id });
      return { msg: `You won ${data.currency} ${data.win}`, data };
    },
  }),
  defineAction({
    name: 'requestSpin',
    methods: ['POST'],
    access: 'active',
    idempotent: true,
    summary: 'A casino spin: the stake leaves Jumbo (1) or Deposit (2), stake x the drawn multiplier is paid into Jumbo.',
    payload: RequestSpinPayloadSchema,
    data: SpinDataSchema,
    rateLimit: { perMinute: 60, isShared: true },
    handler: async (ctx) => {
      const data = await spinCasino(ctx.deps, {
        memberId: ctx.member.id,
        acc: ctx.payload.acc,
        stakeLocalMinor: ctx.payload.spin_amount,
        clientKey: ctx.idempotencyKey,
      });
      return { msg: data.win === '0.00' ? 'No win this time' : `You won ${data.currency} ${data.win}`, data };
    },
  }),
  defineAction({
    name: 'spinodds',
    methods: ['GET'],
    access: 'active',
    summary: 'The published odds of a wheel (kind free or casino): segments, weights, probabilities and expected return.',
    payload: SpinOddsPayloadSchema,
    data: SpinOddsDataSchema,
    handler: async (ctx) => ({ data: await readOdds(ctx.deps, { memberId: ctx.member.id, kind: ctx.payload.kind }) }),
  }),
  defineAction({
    name: 'spinstate',
    methods: ['GET'],
    access: 'active',
    summary: 'The next draw’s server seed hash, client seed and nonce, and the member’s spin guardrails.',
    payload: NoPayloadSchema,
    data: SpinStateDataSchema,
    handler: async (ctx) => ({ data: await readSpinState(ctx.deps, { memberId: ctx.member.id }) }),
  }),
  defineAction({
    name: 'spinseed',
    methods: ['POST'],
    access: 'active',
    summary: 'Reveals the server seed in use, starts a new one (nonce 0) and sets the client seed when given.',
    payload: SpinSeedPayloadSchema,
    data: SpinSeedDataSchema,
    rateLimit: { perMinute: 20 },
    handler: async (ctx) => ({
      msg: 'Server seed revealed; a new one is in use',
      data: await rotateSeed(ctx.deps, { memberId: ctx.member.id, clientSeed: ctx.payload.client_seed }),
    }),
  }),
  defineAction({
    name: 'spinhistory',
    methods: ['GET'],
    access: 'active',
    summary: 'The member’s spins, newest first, paged (limit at most 100), with what is needed to verify each draw.',
    payload: SpinHistoryPayloadSchema,
    data: SpinHistoryDataSchema,
    handler: async (ctx) => {
      const data = await listSpinHistory(ctx.deps, { memberId: ctx.member.id, page: ctx.payload.page, limit: ctx.payload.limit });
      return { msg: data.total === 0 ? SPIN_MESSAGES.noHistory : 'Spin history loaded', data };
    },
  }),
  defineAction({
    name: 'spinconsent',
    methods: ['POST'],
    access: 'active',
    summary: 'The member confirms they are 18 or older, needed before their first casino spin (stored, audited).',
    payload: SpinConsentPayloadSchema,
    data: SpinConsentDataSchema,
    handler: async (ctx) => ({
      msg: 'Thank you. Casino spins are open to you.',
      data: await confirmAge(ctx.deps, { memberId: ctx.member.id, ip: ctx.ip }),
    }),
  }),
  defineAction({
    name: 'spinexclude',
    methods: ['POST'],
    access: 'active',
    summary: 'Self-exclusion from casino spins for 1, 7 or 30 days, or forever; nothing lifts it early.',
    payload: SpinExcludePayloadSchema,
    data: SpinExcludeDataSchema,
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
