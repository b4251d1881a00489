import { ON_SHOW_COUNTS } from '@tuzo/contracts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { drawDistinct } from '../../lib/random.ts';
import { taskAvailability, type TaskAvailability } from '../schedules/index.ts';
import type { MemberCurrency } from '../wallets/index.ts';
import { insertDaySet, selectActiveIds, selectDaySet, selectTaskMember, type ShowKind } from './task-day.repository.ts';

/*
 * The task day shared by the video and ad tasks (each member's set of items on show per day, the schedule, the
 * member's currency): a module of its own so that ads and videos both use it without importing each other.
 */

export interface TaskContext {
  at: Date;
  availability: TaskAvailability;
  currency: MemberCurrency;
  settings: Record<string, unknown>;
}

/**
 * What every video and ad rule starts from: the time (deps.clock), whether the task runs today for this member
 * (the schedule or their activation day, `taskAvailability`), their currency and the settings.
 */
export async function loadTaskContext(deps: AppDeps, input: { memberId: bigint; kind: ShowKind }): Promise<TaskContext> {
  const member = await selectTaskMember(deps.db, input.memberId);
  if (!member) throw new AppError('NOT_FOUND', 'Member not found');
  const activatedAt = member.activated_at === null ? null : new Date(member.activated_at);
  const availability = await taskAvailability(deps, { kind: input.kind, activatedAt });
  const reference = await deps.reference.at(member.reference_version);
  const country = reference.countries.get(member.country_id);
  if (!country) throw new Error(`Country ${member.country_id} is not in the reference data`);
  return {
    at: deps.clock.now(),
    availability,
    currency: { countryId: member.country_id, currency: country.currency, rateMicro: BigInt(country.rate_micro) },
    settings: reference.settings,
  };
}

/**
 * The items on show today, the same for every member: drawn with the app's random source by the first request of
 * the operator day and stored (task_day_sets); a racing second draw loses on the primary key and reads the first.
 * Nothing is stored while there is no active item, so content added later that day still gets drawn.
 */
export async function itemsOnShow(deps: AppDeps, input: { day: string; kind: ShowKind }): Promise<bigint[]> {
  const stored = await selectDaySet(deps.db, input);
  if (stored) return stored;
  const active = await selectActiveIds(deps.db, input.kind);
  if (active.length === 0) return [];
  const ids = drawDistinct(deps.random, active, ON_SHOW_COUNTS[input.kind]);
  return insertDaySet(deps.db, { ...input, ids, at: deps.clock.now() });
}

/**
 * A one-call task function's attempt for an item of today's set (migration 0527, decision 065): when the call finds
 * the day not drawn yet (`undrawn`), the set is drawn here with the app's random source (`itemsOnShow`, as always)
 * and, with the item in it, the call is made once more with `drawn`; an item not in it is `notOnShow()`.
 */
export async function withDaySet<T extends { answer: { status: string } }>(
  deps: AppDeps,
  input: { day: string; kind: ShowKind; itemId: bigint; notOnShow: () => AppError },
  attempt: (drawn: boolean) => Promise<T>,
): Promise<T> {
  const first = await attempt(false);
  if (first.answer.status !== 'undrawn') return first;
  if (!(await itemsOnShow(deps, input)).includes(input.itemId)) throw input.notOnShow();
  return attempt(true);
}
