import { SPIN_MESSAGES, type SelfExclusionPeriod, type SpinConsentData, type SpinExcludeData } from '@tuzo/contracts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { writeAudit } from '../audit/index.ts';
import { localDateTime } from '../wallets/index.ts';
import { upsertAgeConfirmation, upsertExclusion, type SpinMemberFacts } from './spins.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** True while a self-exclusion is in force at `now`. */
export function isExcluded(facts: Pick<SpinMemberFacts, 'excludedUntil' | 'excludedForever'>, now: Date): boolean {
  return facts.excludedForever || (facts.excludedUntil !== null && facts.excludedUntil.getTime() > now.getTime());
}

/**
 * The casino guardrails, in the order a member meets them (checked by `spins_play`, migration 0523): the country's
 * switch (operator setting `casino_disabled_countries`), the member's own self-exclusion (its end in the message),
 * then the age statement. The refusal the function answered, as the error the action gives; null for any other answer.
 */
export function casinoRefusal(
  outcome: { status: string; excludedUntil?: Date | null; excludedForever?: boolean },
  timeZone: string,
): AppError | null {
  if (outcome.status === 'disabled') return new AppError('CASINO_DISABLED', SPIN_MESSAGES.casinoDisabled);
  if (outcome.status === 'excluded') {
    const facts = { excludedUntil: outcome.excludedUntil ?? null, excludedForever: outcome.excludedForever ?? false };
    return new AppError('SELF_EXCLUDED', exclusionMessage(facts, timeZone));
  }
  if (outcome.status === 'age') return new AppError('AGE_CONFIRMATION_REQUIRED', SPIN_MESSAGES.ageRequired);
  return null;
}

export function exclusionMessage(facts: Pick<SpinMemberFacts, 'excludedUntil' | 'excludedForever'>, timeZone: string): string {
  if (facts.excludedForever || !facts.excludedUntil) return 'You have excluded yourself from casino spins permanently';
  const { date, time } = localDateTime(facts.excludedUntil, timeZone);
  return `You have excluded yourself from casino spins until ${date} ${time} (${timeZone})`;
}

/** `spinconsent`: the member states they are 18 or older; stored once (the first time is kept) and audited. */
export async function confirmAge(deps: AppDeps, input: { memberId: bigint; ip: string }): Promise<SpinConsentData> {
  return deps.db.transaction(async (tx) => {
    const confirmedAt = await upsertAgeConfirmation(tx, input.memberId, deps.clock.now());
    await writeAudit(tx, {
      actorId: input.memberId,
      action: 'spin.age_confirmed',
      targetType: 'member',
      targetId: input.memberId,
      after: { confirmedAt },
      ip: input.ip,
    });
    return { age_confirmed: true, confirmed_at: confirmedAt.toISOString() };
  });
}

/**
 * `spinexclude`: no casino spins for 1, 7 or 30 days from now, or forever. An exclusion only grows: a shorter
 * request while a longer one runs keeps the longer, and there is no action that lifts one.
 */
export async function excludeSelf(
  deps: AppDeps,
  input: { memberId: bigint; period: SelfExclusionPeriod; ip: string },
): Promise<SpinExcludeData> {
  const forever = input.period === 'forever';
  const until = forever ? null : new Date(deps.clock.now().getTime() + Number(input.period) * DAY_MS);
  return deps.db.transaction(async (tx) => {
    const stored = await upsertExclusion(tx, { memberId: input.memberId, until, forever });
    await writeAudit(tx, {
      actorId: input.memberId,
      action: 'spin.self_excluded',
      targetType: 'member',
      targetId: input.memberId,
      before: stored.before,
      after: { period: input.period, until: stored.excludedUntil?.toISOString() ?? null, forever: stored.excludedForever },
      ip: input.ip,
    });
    return {
      excluded_until: stored.excludedForever ? null : (stored.excludedUntil?.toISOString() ?? null),
      excluded_forever: stored.excludedForever,
    };
  });
}
