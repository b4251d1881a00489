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
import { recordMovement } from '../../ledger/movement.ts';
import { parseMoneySettings, toMemberString, type MemberCurrency, type MoneySettings } from '../wallets/index.ts';
import { selectBonusClaimFacts, type BonusClaimFacts } from './bonuses.repository.ts';

/**
 * A refusal the member can read: the spec's client shows nothing when a claim fails, so the reason also rides in
 * the envelope's `info`, which its notification queue shows.
 */
function refuse(code: ErrorCode, msg: string, at: Date): AppError {
  return new AppError(code, msg, null, [{ msg, severity: 'warning', time: at.toISOString() }]);
}

interface ClaimContext {
  at: Date;
  day: string;
  facts: BonusClaimFacts;
  currency: MemberCurrency;
  settings: MoneySettings;
}

/** One statement for the member's facts; the country and settings from the process's reference copy. */
async function loadClaimContext(deps: AppDeps, memberId: bigint): Promise<ClaimContext> {
  const at = deps.clock.now();
  const timeZone = deps.config.TUZO_TIMEZONE;
  const day = operatorDay(at, timeZone);
  const facts = await selectBonusClaimFacts(deps.pool, { memberId, now: at, timeZone, day });
  if (!facts) throw new AppError('NOT_FOUND', 'Member not found');
  const reference = await deps.reference.at(facts.referenceVersion);
  const country = reference.countries.get(facts.countryId);
  if (!country) throw new Error(`Country ${facts.countryId} of member ${memberId} is not in the reference data`);
  return {
    at,
    day,
    facts,
    currency: { countryId: facts.countryId, currency: country.currency, rateMicro: BigInt(country.rate_micro) },
    settings: parseMoneySettings(reference.settings),
  };
}

/**
 * `dailybonus`: pays the daily reward into Jumbo once the member's level-1 activations today reach the target, once
 * per operator day. The idempotency key `daily_bonus:<member>:<day>` makes concurrent claims pay once (the others
 * wait on the key, then see it taken) and the partial unique index on bonus_claims (member, day) backs it.
 */
export async function claimDailyBonus(deps: AppDeps, memberId: bigint): Promise<ClaimBonusData> {
  const context = await loadClaimContext(deps, memberId);
  const { at, day, facts, settings } = context;
  if (facts.dailyClaimed) throw refuse('ALREADY_DONE', BONUS_MESSAGES.dailyClaimedToday, at);
  if (facts.activatedToday < settings.dailyTarget) {
    throw refuse('LIMIT_NOT_MET', dailyNotReachedMessage({ progress: facts.activatedToday, target: settings.dailyTarget }), at);
  }
  if (settings.dailyRewardMinor <= 0n) throw refuse('LIMIT_NOT_MET', BONUS_MESSAGES.dailyOff, at);
  return payBonus(deps, context, {
    kind: 'daily',
    memberId,
    amountMinor: settings.dailyRewardMinor,
    points: facts.activatedToday,
    idempotencyKey: `daily_bonus:${memberId}:${day}`,
    alreadyMessage: BONUS_MESSAGES.dailyClaimedToday,
  });
}

/**
 * `welcomebonus`: pays the welcome bonus (setting `welcome_bonus`, system currency) into Jumbo once the member has
 * 15 active level-1 members, once per member ever: key `welcome_bonus:<member>`, partial unique index on
 * bonus_claims (member) for the welcome kind.
 */
export async function claimWelcomeBonus(deps: AppDeps, memberId: bigint): Promise<ClaimBonusData> {
  const context = await loadClaimContext(deps, memberId);
  const { at, facts, settings } = context;
  if (facts.welcomeClaimed) throw refuse('ALREADY_DONE', BONUS_MESSAGES.welcomeClaimed, at);
  if (facts.activeLevel1 < WELCOME_BONUS_TARGET) {
    throw refuse('LIMIT_NOT_MET', welcomeNotReachedMessage({ progress: facts.activeLevel1, target: WELCOME_BONUS_TARGET }), at);
  }
  if (settings.welcomeBonusMinor <= 0n) throw refuse('LIMIT_NOT_MET', 'There is no welcome bonus to claim.', at);
  return payBonus(deps, context, {
    kind: 'welcome',
    memberId,
    amountMinor: settings.welcomeBonusMinor,
    points: facts.activeLevel1,
    idempotencyKey: `welcome_bonus:${memberId}`,
    alreadyMessage: BONUS_MESSAGES.welcomeClaimed,
  });
}

interface BonusPayment {
  kind: BonusKind;
  memberId: bigint;
  amountMinor: bigint;
  points: number;
  idempotencyKey: string;
  alreadyMessage: string;
}

/** One movement: house:bonuses -> the member's Jumbo, with the claim row, the notification and the audit row. */
async function payBonus(deps: AppDeps, context: ClaimContext, payment: BonusPayment): Promise<ClaimBonusData> {
  const { at, currency } = context;
  const day = payment.kind === 'daily' ? context.day : null;
  const amount = toMemberString(payment.amountMinor, currency);
  const kind = payment.kind === 'daily' ? 'daily_bonus' : 'welcome_bonus';
  const notice = payment.kind === 'daily' ? dailyPaidMessage : welcomePaidMessage;
  const recorded = await recordMovement(deps.db, {
    kind,
    idempotencyKey: payment.idempotencyKey,
    memberId: payment.memberId,
    memo: payment.kind === 'daily' ? `Daily bonus ${context.day}` : 'Welcome bonus',
    conversion: {
      rateMicro: currency.rateMicro,
      localAmountMinor: systemToLocalMinor(payment.amountMinor, currency.rateMicro),
      currency: currency.currency,
    },
    // The claim itself is the request: a second claim of the same key is "already claimed", whatever the amount now.
    request: { kind, day },
    at,
    legs: [
      { account: { system: 'house:bonuses' }, amountMinor: -payment.amountMinor },
      { account: { memberId: payment.memberId, wallet: 'balance' }, amountMinor: payment.amountMinor },
    ],
    business: businessRow(bonusClaims, 'transactionId', {
      memberId: payment.memberId,
      kind: payment.kind,
      day,
      amountMinor: payment.amountMinor,
      points: payment.points,
      createdAt: at,
    }),
    notify: { memberId: payment.memberId, msg: notice({ currency: currency.currency, amount }), severity: 'success' },
    audit: {
      actorId: payment.memberId,
      action: `bonus.${payment.kind}`,
      targetType: 'member',
      targetId: payment.memberId,
      after: { transaction_id: '$transaction_id', day, amount_minor: payment.amountMinor.toString(), points: payment.points },
    },
  });
  if (recorded.duplicate) throw refuse('ALREADY_DONE', payment.alreadyMessage, at);
  return { kind: payment.kind, amount, currency: currency.currency, day };
}
