import {
  figureHundredths,
  formatMinor,
  localToSystemMinor,
  minimumStakeMessage,
  SPIN_ACCOUNTS,
  SPIN_MESSAGES,
  systemToLocalMinor,
  type SpinAccount,
  type SpinData,
  type SpinKind,
} from '@tuzo/contracts';
import type { AppDeps } from '../../lib/deps.ts';
import { automaticKey } from '../../lib/random.ts';
import { AppError } from '../../lib/errors.ts';
import { accountCode } from '../../ledger/accounts.ts';
import { movementOutcome } from '../../ledger/movement.ts';
import { retryWhileStale, type ReferenceCopy } from '../reference/index.ts';
import { casinoRefusal } from './spins.guardrails.ts';
import { newClientSeed, newServerSeed } from './spins.fairness.ts';
import { playInOneCall, readSpin, type PlayOutcome, type PlayRequest } from './spins.play.ts';
import type { SpinRow } from './spins.repository.ts';
import { casinoWinMinor, minStakeLocalMinor, spinSettingsFrom, tableFor, toSpinData, type SpinSettings } from './spins.wheel.ts';

const CONFLICT_MESSAGE = 'This idempotency key was already used for a different spin';

/** The member's country and the spin settings from this process's reference copy. */
function spinContext(copy: ReferenceCopy) {
  return {
    version: copy.data.version,
    country: { ...copy.country, rateMicro: copy.currency.rateMicro },
    settings: spinSettingsFrom(copy.data.settings),
  };
}

type SpinContext = ReturnType<typeof spinContext>;

/** What every spin request carries: the wheel with each segment's win, and a seed pair in case none is in use. */
function spinRequest(
  deps: AppDeps,
  input: {
    memberId: bigint;
    kind: SpinKind;
    idempotencyKey: string;
    at: Date;
    context: SpinContext;
    winOf: (figure: string) => bigint;
  },
): PlayRequest {
  const { country, settings } = input.context;
  const wheel = tableFor(input.kind, settings);
  const winsSystemMinor = wheel.map((segment) => input.winOf(segment.figure));
  return {
    memberId: input.memberId,
    countryId: country.id,
    referenceVersion: input.context.version,
    kind: input.kind,
    idempotencyKey: input.idempotencyKey,
    at: input.at,
    currency: country.currency,
    rateMicro: country.rateMicro,
    wheel,
    winsSystemMinor,
    winsLocalMinor: winsSystemMinor.map((win) => systemToLocalMinor(win, country.rateMicro)),
    winCode: accountCode({ memberId: input.memberId, wallet: 'balance' }),
    newSeed: { ...newServerSeed(deps.random), clientSeed: newClientSeed(deps.random) },
  };
}

/**
 * Runs the one call with the process's reference copy; a stale copy (or a member whose country changed) is reloaded
 * and the call made again.
 */
async function play(
  deps: AppDeps,
  input: { memberId: bigint; countryId: number },
  build: (context: SpinContext) => PlayRequest,
): Promise<{ outcome: Exclude<PlayOutcome, { status: 'stale' }>; context: SpinContext }> {
  let context: SpinContext | undefined;
  const outcome = await retryWhileStale(deps.reference, 'a spin', input.countryId, async (copy) => {
    context = spinContext(copy);
    return playInOneCall(deps.db, build(context), SPIN_MESSAGES.insufficient);
  });
  if (!context) throw new Error('spins: no attempt was made');
  return { outcome, context };
}

/**
 * `requestSpin`: the stake leaves the chosen wallet into `house:spins` and stake x multiplier comes back into Jumbo,
 * one ledger transaction (no win leg when the multiplier is 0). One call after the session check (decision 065,
 * `spins_play`, migration 0523), one transaction: the member's seed is locked (spins of one member run one at a time
 * and each uses the next nonce once), an earlier spin under the same key is answered again, the guardrails and the
 * minimum are checked, then the stake's wallet is locked and must cover the stake on its own (the movement function
 * checks net changes per account, and a win paid into the same wallet must not fund its own stake), the draw is made
 * on the seed and the money moves. The stake, the minimum and each segment's win are worked out here from the
 * reference copy (settings and the member's country) the function checks is current.
 */
export async function spinCasino(
  deps: AppDeps,
  input: { memberId: bigint; countryId: number; acc: SpinAccount; stakeLocalMinor: bigint; clientKey: string | null },
): Promise<SpinData> {
  const wallet = SPIN_ACCOUNTS[input.acc];
  const idempotencyKey = automaticKey(deps.random, `casinospin:${input.memberId}`, input.clientKey);
  const at = deps.clock.now();
  const { outcome, context } = await play(deps, input, (context) => {
    const stakeSystemMinor = casinoStakeSystemMinor(input.stakeLocalMinor, context);
    return {
      ...spinRequest(deps, {
        memberId: input.memberId,
        kind: 'casino',
        idempotencyKey,
        at,
        context,
        winOf: (figure) => (stakeSystemMinor === null ? 0n : casinoWinMinor(stakeSystemMinor, figure)),
      }),
      casino: {
        wallet,
        stakeCode: accountCode({ memberId: input.memberId, wallet }),
        stakeLocalMinor: input.stakeLocalMinor,
        stakeSystemMinor,
        stakeLabel: formatMinor(stakeSystemMinor ?? 0n),
        disabled: context.settings.disabledCountries.includes(context.country.abbreviation),
        request: { wallet, stakeLocalMinor: input.stakeLocalMinor },
      },
    };
  });
  const { settings } = context;
  switch (outcome.status) {
    case 'no_member':
      throw new AppError('NOT_FOUND', 'Member not found');
    case 'earlier':
      return replayCasino(outcome.spin, { wallet, stakeLocalMinor: input.stakeLocalMinor }, settings);
    case 'minimum': {
      const minimum = minStakeLocalMinor(settings, context.country.rateMicro);
      throw new AppError('LIMIT_NOT_MET', minimumStakeMessage(formatMinor(minimum), context.country.currency));
    }
    case 'insufficient':
      throw new AppError('INSUFFICIENT_FUNDS', SPIN_MESSAGES.insufficient);
    case 'moved': {
      const recorded = movementOutcome(outcome.movement, { read: readSpin, conflictMessage: CONFLICT_MESSAGE });
      if (!recorded.business) throw new Error(`Casino spin ${recorded.transactionId} has no spin row`);
      return toSpinData(recorded.business, settings);
    }
    default: {
      const refusal = casinoRefusal(outcome, deps.config.TUZO_TIMEZONE);
      if (refusal) throw refusal;
      throw new Error(`spins_play answered ${outcome.status} to a casino spin`);
    }
  }
}

/**
 * The casino's minimum stake, checked in the member's currency and again once converted: the stake in system units,
 * or null below the minimum (refused by the function after the guardrails, as before).
 */
function casinoStakeSystemMinor(stakeLocalMinor: bigint, context: SpinContext): bigint | null {
  const minimum = minStakeLocalMinor(context.settings, context.country.rateMicro);
  if (stakeLocalMinor < minimum) return null;
  const stakeSystemMinor = localToSystemMinor(stakeLocalMinor, context.country.rateMicro);
  return stakeSystemMinor <= 0n ? null : stakeSystemMinor;
}

/**
 * `freespin`: once per member, ever (the spin row's partial UNIQUE index and the ledger key `freespin:<member>`
 * both hold it). The prize, in system units, goes from `house:spins` into Jumbo; a prize of 0 moves nothing and
 * only records the spin. One call after the session check (`spins_play`, migration 0523).
 */
export async function spinFree(deps: AppDeps, input: { memberId: bigint; countryId: number }): Promise<SpinData> {
  const idempotencyKey = `freespin:${input.memberId}`;
  const at = deps.clock.now();
  const { outcome, context } = await play(deps, input, (context) =>
    spinRequest(deps, { memberId: input.memberId, kind: 'free', idempotencyKey, at, context, winOf: figureHundredths }),
  );
  switch (outcome.status) {
    case 'no_member':
      throw new AppError('NOT_FOUND', 'Member not found');
    case 'free_used':
      throw new AppError('ALREADY_DONE', SPIN_MESSAGES.freeUsed);
    case 'recorded':
      return toSpinData(outcome.spin, context.settings);
    case 'moved': {
      const recorded = movementOutcome(outcome.movement, { read: readSpin });
      // A replay of the ledger key means another request took the free spin first: this one takes nothing.
      if (recorded.duplicate || !recorded.business) throw new AppError('ALREADY_DONE', SPIN_MESSAGES.freeUsed);
      return toSpinData(recorded.business, context.settings);
    }
    default:
      throw new Error(`spins_play answered ${outcome.status} to a free spin`);
  }
}

function replayCasino(spin: SpinRow, request: { wallet: string; stakeLocalMinor: bigint }, settings: SpinSettings): SpinData {
  if (spin.kind !== 'casino' || spin.wallet !== request.wallet || spin.stakeLocalMinor !== request.stakeLocalMinor) {
    throw new AppError('CONFLICT', CONFLICT_MESSAGE);
  }
  return toSpinData(spin, settings);
}
