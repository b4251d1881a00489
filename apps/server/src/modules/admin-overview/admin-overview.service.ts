import {
  expectedReturnBasisPoints,
  formatBasisPoints,
  formatMinor,
  OVERVIEW_DAYS,
  parseDbMinor,
  type AdminOverviewData,
  type AdminOverviewDay,
  type AdminOverviewPeriod,
} from '@tuzo/contracts';
import { operatorDay } from '../../lib/clock.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { loadSpinSettings } from '../spins/index.ts';
import {
  insertClosedDays,
  selectClosedDays,
  selectClosedSpinTotals,
  selectFirstSpinDay,
  selectLastClosedDay,
  selectMemberCounts,
  selectPendingWithdrawals,
  selectTodayFigures,
  selectTopEarners,
  type DayFiguresRow,
  type OverviewWindow,
} from './admin-overview.read-model.ts';

const TOP_EARNERS = 10;
const TASK_KINDS = ['youtube', 'tiktok', 'ads', 'trivia'] as const;
type TaskKind = (typeof TASK_KINDS)[number];

/** A calendar day plus `offset` days (pure date arithmetic, no time zone involved). */
export function addDays(day: string, offset: number): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + offset);
  return at.toISOString().slice(0, 10);
}

/** Monday of the week holding `day`. */
export function weekStart(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 Sunday
  return addDays(day, -((weekday + 6) % 7));
}

interface Bucket {
  joined: number;
  activations: number;
  deposits: bigint;
  depositsCount: number;
  withdrawals: bigint;
  withdrawalsCount: number;
  tasks: Record<TaskKind, bigint>;
}

const emptyBucket = (): Bucket => ({
  joined: 0,
  activations: 0,
  deposits: 0n,
  depositsCount: 0,
  withdrawals: 0n,
  withdrawalsCount: 0,
  tasks: { youtube: 0n, tiktok: 0n, ads: 0n, trivia: 0n },
});

function period(buckets: readonly Bucket[]): AdminOverviewPeriod {
  const sum = buckets.reduce((acc, b) => {
    acc.joined += b.joined;
    acc.activations += b.activations;
    acc.deposits += b.deposits;
    acc.depositsCount += b.depositsCount;
    acc.withdrawals += b.withdrawals;
    acc.withdrawalsCount += b.withdrawalsCount;
    for (const kind of TASK_KINDS) acc.tasks[kind] += b.tasks[kind];
    return acc;
  }, emptyBucket());
  return {
    joined: sum.joined,
    activations: sum.activations,
    deposits: formatMinor(sum.deposits),
    deposits_count: sum.depositsCount,
    withdrawals: formatMinor(sum.withdrawals),
    withdrawals_count: sum.withdrawalsCount,
    task_payouts: formatMinor(TASK_KINDS.reduce((total, kind) => total + sum.tasks[kind], 0n)),
  };
}

/** Percent with two decimals, rounded half up: 9137 / 10000 -> "91.37". */
function percent(part: bigint, whole: bigint): string | null {
  if (whole <= 0n) return null;
  return formatBasisPoints((part * 10_000n * 2n + whole) / (2n * whole));
}

/** Closed days not yet written (from the day after the last written one, or the window's or first spin's day). */
async function rollUpClosedDays(deps: AppDeps, input: { today: string; fromDay: string; timeZone: string }): Promise<void> {
  const last = await selectLastClosedDay(deps.db, input.timeZone);
  let start = last === null ? input.fromDay : addDays(last, 1);
  if (last === null) {
    const firstSpin = await selectFirstSpinDay(deps.db, input.timeZone);
    if (firstSpin !== null && firstSpin < start) start = firstSpin;
  }
  if (start < input.today) await insertClosedDays(deps.db, { fromDay: start, toDay: input.today, timeZone: input.timeZone });
}

function toBucket(row: DayFiguresRow | undefined): Bucket {
  if (!row) return emptyBucket();
  return {
    joined: Number(row.joined),
    activations: Number(row.activations),
    deposits: parseDbMinor(row.deposits_minor),
    depositsCount: Number(row.deposits_count),
    withdrawals: parseDbMinor(row.withdrawals_minor),
    withdrawalsCount: Number(row.withdrawals_count),
    tasks: {
      youtube: parseDbMinor(row.youtube_minor),
      tiktok: parseDbMinor(row.tiktok_minor),
      ads: parseDbMinor(row.ads_minor),
      trivia: parseDbMinor(row.trivia_minor),
    },
  };
}

/**
 * `adminoverview`: member counts, the last 30 operator days (joins, activations, completed deposits, paid
 * withdrawals, task pay), today's and this week's totals, pending withdrawals, top earners and the spin house result.
 * Closed days are written once to overview_days (the first overview after a day ends does it); today is counted live.
 */
export async function loadOverview(deps: AppDeps): Promise<AdminOverviewData> {
  const timeZone = deps.config.TUZO_TIMEZONE;
  const today = operatorDay(deps.clock.now(), timeZone);
  const window: OverviewWindow = { fromDay: addDays(today, -(OVERVIEW_DAYS - 1)), toDay: today, timeZone };
  // Read from the replica when there is one; the closed days, just written by the roll-up, from the primary.
  const db = deps.readDb ?? deps.db;
  await rollUpClosedDays(deps, { today, fromDay: window.fromDay, timeZone });
  const [counts, closed, todayRow, closedSpins, pending, earners, spinSettings] = await Promise.all([
    selectMemberCounts(db),
    selectClosedDays(deps.db, window),
    selectTodayFigures(db, { today, timeZone }),
    selectClosedSpinTotals(db, { toDay: today, timeZone }),
    selectPendingWithdrawals(db),
    selectTopEarners(db, TOP_EARNERS),
    loadSpinSettings(db),
  ]);

  const dayList = Array.from({ length: OVERVIEW_DAYS }, (_, i) => addDays(window.fromDay, i));
  const byDay = new Map(closed.map((row) => [row.day, row]));
  if (todayRow) byDay.set(today, todayRow);
  const buckets = new Map(dayList.map((day) => [day, toBucket(byDay.get(day))]));

  const { members, byCountry } = countMembers(counts);
  const week = weekStart(today);
  const days = dayList.map((day) => toOverviewDay(day, buckets.get(day) ?? emptyBucket()));

  return {
    currency: deps.config.SYSTEM_CURRENCY,
    time_zone: timeZone,
    today,
    week_start: week,
    members: { ...members, by_country: [...byCountry.values()] },
    totals: {
      today: period([buckets.get(today) ?? emptyBucket()]),
      week: period(dayList.filter((day) => day >= week).map((day) => buckets.get(day) ?? emptyBucket())),
    },
    pending_withdrawals: { count: Number(pending.n), amount: formatMinor(parseDbMinor(pending.minor)) },
    top_earners: earners.map((row) => ({
      username: row.username,
      country: row.country,
      status: row.status,
      earned: formatMinor(parseDbMinor(row.minor)),
    })),
    spins: spinSummary(closedSpins, todayRow, spinSettings),
    days,
  };
}

type MemberCountRow = Awaited<ReturnType<typeof selectMemberCounts>>[number];

/** Members by status, in all and per country (a suspended member is counted dormant too, as the screen shows). */
function countMembers(counts: MemberCountRow[]) {
  const members = { total: 0, active: 0, dormant: 0, suspended: 0 };
  const byCountry = new Map<string, AdminOverviewData['members']['by_country'][number]>();
  for (const row of counts) {
    const n = Number(row.n);
    const country = byCountry.get(row.abbreviation) ?? {
      country: row.country,
      abbreviation: row.abbreviation,
      total: 0,
      active: 0,
      dormant: 0,
      suspended: 0,
    };
    country.total += n;
    members.total += n;
    if (row.status === 'active') {
      country.active += n;
      members.active += n;
    } else {
      country.dormant += n;
      members.dormant += n;
    }
    if (row.status === 'suspended') {
      country.suspended += n;
      members.suspended += n;
    }
    byCountry.set(row.abbreviation, country);
  }
  return { members, byCountry };
}

function toOverviewDay(day: string, b: Bucket): AdminOverviewDay {
  return {
    day,
    joined: b.joined,
    activations: b.activations,
    deposits: formatMinor(b.deposits),
    deposits_count: b.depositsCount,
    withdrawals: formatMinor(b.withdrawals),
    withdrawals_count: b.withdrawalsCount,
    tasks: {
      youtube: formatMinor(b.tasks.youtube),
      tiktok: formatMinor(b.tasks.tiktok),
      ads: formatMinor(b.tasks.ads),
      trivia: formatMinor(b.tasks.trivia),
    },
  };
}

/** The spin house result: closed days and today, casino stakes and wins, free prizes, realised and expected return. */
function spinSummary(
  closedSpins: Awaited<ReturnType<typeof selectClosedSpinTotals>>,
  todayRow: DayFiguresRow | null,
  spinSettings: Awaited<ReturnType<typeof loadSpinSettings>>,
): AdminOverviewData['spins'] {
  const stakes = parseDbMinor(closedSpins.casino_in_minor) + parseDbMinor(todayRow?.casino_in_minor);
  const wins = parseDbMinor(closedSpins.casino_out_minor) + parseDbMinor(todayRow?.casino_out_minor);
  const prizes = parseDbMinor(closedSpins.free_out_minor) + parseDbMinor(todayRow?.free_out_minor);
  return {
    casino_count: Number(closedSpins.casino_count) + Number(todayRow?.casino_count ?? 0),
    casino_stakes: formatMinor(stakes),
    casino_wins: formatMinor(wins),
    realised_return: percent(wins, stakes),
    expected_return: formatBasisPoints(expectedReturnBasisPoints(spinSettings.casinoTable)),
    free_paid_count: Number(closedSpins.free_count) + Number(todayRow?.free_count ?? 0),
    free_prizes: formatMinor(prizes),
    house_result: formatMinor(stakes - wins - prizes),
  };
}
