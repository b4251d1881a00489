import { WEEKDAY_NAMES } from '@tuzo/contracts';
import type { AppDeps } from '../../lib/deps.ts';
import { operatorDay } from '../../lib/clock.ts';
import { selectTaskWeekdays } from './schedules.repository.ts';

/** The task_schedules table belongs to this module; an operator's task days (admin-settings) go through these. */

export type TaskKind = 'youtube' | 'tiktok' | 'ads' | 'trivia';

const TASK_LABELS: Record<TaskKind, string> = {
  youtube: 'YouTube videos',
  tiktok: 'TikTok videos',
  ads: 'Ads',
  trivia: 'Trivia',
};

export interface TaskAvailability {
  /** True when the task runs today (a scheduled weekday, or the member's activation day). */
  isOpen: boolean;
  /** The operator's day, "YYYY-MM-DD": the key of every once-per-day rule of the task. */
  today: string;
  /** The scheduled weekday names, Sunday first. */
  days: string[];
  /** The next scheduled weekday after today (today's name again when it runs every day). */
  nextDay: string;
  /** What the member is told when the task is closed today. */
  closedMessage: string;
}

/** Weekday (0 Sunday .. 6 Saturday) of an operator day "YYYY-MM-DD". */
export function weekdayOf(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

/**
 * Whether a task kind runs today for this member, on the operator's calendar (TUZO_TIMEZONE, the app clock): on its
 * scheduled weekdays (table task_schedules), and for every task on the day the member's account was activated.
 */
export async function taskAvailability(
  deps: AppDeps,
  input: { kind: TaskKind; activatedAt: Date | null },
): Promise<TaskAvailability> {
  const now = deps.clock.now();
  const today = operatorDay(now, deps.config.TUZO_TIMEZONE);
  const weekdays = await selectTaskWeekdays(deps.db, input.kind);
  const isActivationDay = input.activatedAt !== null && operatorDay(input.activatedAt, deps.config.TUZO_TIMEZONE) === today;
  const { days, nextDay, closedMessage, runsOn } = scheduleOf(input.kind, weekdays, today);
  return { isOpen: runsOn || isActivationDay, today, days, nextDay, closedMessage };
}

/**
 * A task's schedule on `today` from its weekdays as stored (task_schedules, null when never set): whether it runs on
 * that weekday, the day names, the next day and what a member is told when it is closed. The one-call task functions
 * read the weekdays themselves and build the refusal with this (migration 0527).
 */
export function scheduleOf(
  kind: TaskKind,
  stored: readonly number[] | null,
  today: string,
): { runsOn: boolean; days: string[]; nextDay: string; closedMessage: string } {
  const weekdays = [...new Set(stored ?? [])].sort((a, b) => a - b);
  const todayWeekday = weekdayOf(today);
  const days = weekdays.map((d) => WEEKDAY_NAMES[d] ?? '');
  const next = weekdays.find((d) => d > todayWeekday) ?? weekdays[0] ?? todayWeekday;
  const nextDay = WEEKDAY_NAMES[next] ?? '';
  const label = TASK_LABELS[kind];
  const closedMessage =
    days.length === 0
      ? `${label} are not scheduled yet.`
      : `${label} are available on ${joinDays(days)}. Come back on ${nextDay}.`;
  return { runsOn: weekdays.includes(todayWeekday), days, nextDay, closedMessage };
}

function joinDays(days: string[]): string {
  if (days.length <= 1) return days.join('');
  return `${days.slice(0, -1).join(', ')} and ${days[days.length - 1]}`;
}
