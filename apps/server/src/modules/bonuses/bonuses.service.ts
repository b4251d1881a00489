import {
  BONUS_MESSAGES,
  dailyNotReachedMessage,
  dailyPaidMessage,
  systemToLocalMinor,
  WELCOME_BONUS_TARGET,
  welcomeNotReachedMessage,
  welcomePaidMessage,
  type BonusKind,
  type ClaimBonusData,
  type ErrorCode,
} from '@tuzo/contracts';
import { operatorDay } from '../../lib/clock.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { bonusClaims } from '../../db/schema.ts';
import { businessRow } from '../../ledger/business-row.ts';
import { movementOutcome, movementPayload, type MovementResultJson } from '../../ledger/movement.ts';
import { retryWhileStale, type ReferenceCopy } from '../reference/index.ts';
import { parseMoneySettings, toMemberString, type MemberCurrency, type MoneySettings } from '../wallets/index.ts';
import { claimInOneCall, type ClaimOutcome, type ClaimRequest } from './bonuses.repository.ts';

/**
 * A refusal the member can read: the spec's client shows nothing when a claim fails, so the reason also rides in
 * the envelope's `info`, which its notification queue shows.
 */
function refuse(code: ErrorCode, msg: string, at: Date): AppError {
  return new AppError(code, msg, null, [{ msg, severity: 'warning', time: at.toISOString() }]);
}

interface ClaimContext {
  version: string;
  currency: MemberCurrency;
  settings: MoneySettings;
}

/** The member's currency and the money settings from this process's reference copy. */
function claimContext(copy: ReferenceCopy): ClaimContext {
  return { version: copy.data.version, currency: copy.currency, settings: parseMoneySettings(copy.data.settings) };
}

interface BonusPayment {
  kind: BonusKind;
  at: Date;
  /** The operator day (the daily claim's day). */
  day: string;
  idempotencyKey: string;
  target: (settings: MoneySettings) => number;
  amountMinor: (settings: MoneySettings) => bigint;
}

type Claimed = { outcome: Exclude<ClaimOutcome, { status: 'stale' }>; context: ClaimContext };

/**
 * One call after the session check (decision 065, `bonuses_claim`, migration 0528): the claim already made, the
 * points, the reward and the movement, with the process's reference copy; a stale copy (or a member whose country
 * changed) is reloaded and the call made again.
 */
async function claim(deps: AppDeps, member: { memberId: bigint; countryId: number }, payment: BonusPayment): Promise<Claimed> {
  let context: ClaimContext | undefined;
  const outcome = await retryWhileStale(deps.reference, 'a bonus claim', member.countryId, async (copy) => {
    context = claimContext(copy);
    return claimInOneCall(deps.db, claimRequest(deps, member.memberId, payment, context));
  });
  if (!context) throw new Error('bonuses: no attempt was made');
  return { outcome, context };
}

/**
 * `dailybonus`: pays the daily reward into Jumbo once the member's level-1 activations today reach the target, once
 * per operator day. The idempotency key `daily_bonus:<member>:<day>` makes concurrent claims pay once (the others
 * wait on the key, then see it taken) and the partial unique index on bonus_claims (member, day) backs it.
 */
export async function claimDailyBonus(deps: AppDeps, member: { memberId: bigint; countryId: number }): Promise<ClaimBonusData> {
  const at = deps.clock.now();
  const day = operatorDay(at, deps.config.TUZO_TIMEZONE);
  const { outcome, context } = await claim(deps, member, {
    kind: 'daily',
    at,
    day,
    idempotencyKey: `daily_bonus:${member.memberId}:${day}`,
    target: (settings) => settings.dailyTarget,
    amountMinor: (settings) => settings.dailyRewardMinor,
  });
  if (outcome.status === 'no_member') throw new AppError('NOT_FOUND', 'Member not found');
  if (outcome.status === 'claimed') throw refuse('ALREADY_DONE', BONUS_MESSAGES.dailyClaimedToday, at);
  if (outcome.status === 'not_reached') {
    const target = context.settings.dailyTarget;
    throw refuse('LIMIT_NOT_MET', dailyNotReachedMessage({ progress: outcome.progress, target }), at);
  }
  if (outcome.status === 'off') throw refuse('LIMIT_NOT_MET', BONUS_MESSAGES.dailyOff, at);
  return paid(outcome.movement, context, { kind: 'daily', day, amountMinor: context.settings.dailyRewardMinor, at });
}

/**
 * `welcomebonus`: pays the welcome bonus (setting `welcome_bonus`, system currency) into Jumbo once the member has
 * 15 active level-1 members, once per member ever: key `welcome_bonus:<member>`, partial unique index on
 * bonus_claims (member) for the welcome kind.
 */
export async function claimWelcomeBonus(deps: AppDeps, member: { memberId: bigint; countryId: number }): Promise<ClaimBonusData> {
  const at = deps.clock.now();
  const { outcome, context } = await claim(deps, member, {
    kind: 'welcome',
    at,
    day: operatorDay(at, deps.config.TUZO_TIMEZONE),
    idempotencyKey: `welcome_bonus:${member.memberId}`,
    target: () => WELCOME_BONUS_TARGET,
    amountMinor: (settings) => settings.welcomeBonusMinor,
  });
  if (outcome.status === 'no_member') throw new AppError('NOT_FOUND', 'Member not found');
  if (outcome.status === 'claimed') throw refuse('ALREADY_DONE', BONUS_MESSAGES.welcomeClaimed, at);
  if (outcome.status === 'not_reached') {
    throw refuse('LIMIT_NOT_MET', welcomeNotReachedMessage({ progress: outcome.progress, target: WELCOME_BONUS_TARGET }), at);
  }
  if (outcome.status === 'off') throw refuse('LIMIT_NOT_MET', 'There is no welcome bonus to claim.', at);
  return paid(outcome.movement, context, { kind: 'welcome', day: null, amountMinor: context.settings.welcomeBonusMinor, at });
}

/** The claim's answer; a replay of its key (a concurrent claim paid first) is "already claimed". */
function paid(
  movement: MovementResultJson,
  context: ClaimContext,
  claimed: { kind: BonusKind; day: string | null; amountMinor: bigint; at: Date },
): ClaimBonusData {
  const recorded = movementOutcome(movement, {});
  if (recorded.duplicate) {
    const alreadyMessage = claimed.kind === 'daily' ? BONUS_MESSAGES.dailyClaimedToday : BONUS_MESSAGES.welcomeClaimed;
    throw refuse('ALREADY_DONE', alreadyMessage, claimed.at);
  }
  const { currency } = context;
  return {
    kind: claimed.kind,
    amount: toMemberString(claimed.amountMinor, currency),
    currency: currency.currency,
    day: claimed.day,
  };
}

/**
 * The call's input: one movement, house:bonuses -> the member's Jumbo, with the claim row, the notification and the
 * audit row, as recordMovement built it; the points are the function's (written over the 0 given here).
 */
function claimRequest(deps: AppDeps, memberId: bigint, payment: BonusPayment, context: ClaimContext): ClaimRequest {
  const { at, kind: bonus } = payment;
  const { currency, settings } = context;
  const amountMinor = payment.amountMinor(settings);
  const day = bonus === 'daily' ? payment.day : null;
  const amount = toMemberString(amountMinor, currency);
  const kind = bonus === 'daily' ? 'daily_bonus' : 'welcome_bonus';
  const notice = bonus === 'daily' ? dailyPaidMessage : welcomePaidMessage;
  // A reward of 0 is refused before any movement (`off`): there is none to build.
  const movement =
    amountMinor <= 0n
      ? null
      : movementPayload({
          kind,
          idempotencyKey: payment.idempotencyKey,
          memberId,
          memo: bonus === 'daily' ? `Daily bonus ${payment.day}` : 'Welcome bonus',
          conversion: {
            rateMicro: currency.rateMicro,
            localAmountMinor: systemToLocalMinor(amountMinor, currency.rateMicro),
            currency: currency.currency,
          },
          // The claim itself is the request: a second claim of the same key is "already claimed", whatever the amount now.
          request: { kind, day },
          at,
          legs: [
            { account: { system: 'house:bonuses' }, amountMinor: -amountMinor },
            { account: { memberId, wallet: 'balance' }, amountMinor },
          ],
          business: businessRow(bonusClaims, 'transactionId', {
            memberId,
            kind: bonus,
            day,
            amountMinor,
            points: 0,
            createdAt: at,
          }),
          notify: { memberId, msg: notice({ currency: currency.currency, amount }), severity: 'success' },
          audit: {
            actorId: memberId,
            action: `bonus.${bonus}`,
            targetType: 'member',
            targetId: memberId,
            after: { transaction_id: '$transaction_id', day, amount_minor: amountMinor.toString(), points: 0 },
          },
        });
  return {
    memberId,
    countryId: currency.countryId,
    referenceVersion: context.version,
    kind: bonus,
    at,
    timeZone: deps.config.TUZO_TIMEZONE,
    day: payment.day,
    target: payment.target(settings),
    rewardMinor: amountMinor,
    movement,
  };
}
