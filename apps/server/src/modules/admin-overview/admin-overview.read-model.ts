import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/**
 * Read model (docs/ARCHITECTURE.md, Owners): the console overview's figures count rows of tables other modules own
 * (members, activations, deposits, withdrawals, the ledger) in range scans, read-only, one query per figure; asking
 * each owner's service per figure would turn one scan into a walk. It writes only its own table, overview_days.
 */

/**
 * The only place with the overview's SQL. A day's figures are range scans between the day's two instants on the
 * indexes of migration 0170; closed days are written once to overview_days, today is counted live.
 */
export interface OverviewWindow {
  /** First operator day of the window, YYYY-MM-DD. */
  fromDay: string;
  /** The day after the last one (exclusive), YYYY-MM-DD. */
  toDay: string;
  timeZone: string;
}

/** Members (no house account, no staff) by status and country: one GROUP BY on members_status_country. */
export async function selectMemberCounts(db: DbOrTx) {
  const result = await db.execute<{ status: string; country: string; abbreviation: string; n: number }>(sql`
    SELECT x.status, c.name AS country, c.abbreviation, x.n
    FROM (SELECT status, country_id, count(*)::int AS n FROM members WHERE NOT is_house AND role = 'member' GROUP BY status, country_id) x
    JOIN countries c ON c.id = x.country_id
    ORDER BY c.sort_order, c.name`);
  return result.rows;
}

export type DayFiguresRow = {
  day: string;
  joined: number;
  activations: number;
  deposits_count: number;
  deposits_minor: string;
  withdrawals_count: number;
  withdrawals_minor: string;
  youtube_minor: string;
  tiktok_minor: string;
  ads_minor: string;
  trivia_minor: string;
  casino_count: number;
  casino_in_minor: string;
  casino_out_minor: string;
  free_count: number;
  free_out_minor: string;
};

const FIGURE_COLUMNS = sql.raw(`joined, activations, deposits_count, deposits_minor, withdrawals_count, withdrawals_minor,
  youtube_minor, tiktok_minor, ads_minor, trivia_minor, casino_count, casino_in_minor, casino_out_minor, free_count, free_out_minor`);

/**
 * The figures of each operator day in [fromDay, toDay): one row a day, zeros included. Each figure is a range scan
 * of one index between the day's two instants (no per-row time zone arithmetic). `openEnded` makes the last day run
 * on without an end (today, so a clock set back in a test still counts what the database stamped later).
 */
function dayFiguresSql(w: OverviewWindow & { openEnded: boolean }) {
  return sql`
    WITH d AS (
      SELECT g::date AS day, (g::date::timestamp AT TIME ZONE ${w.timeZone}) AS lo,
             CASE WHEN ${w.openEnded}::boolean THEN 'infinity'::timestamptz ELSE ((g::date + 1)::timestamp AT TIME ZONE ${w.timeZone}) END AS hi
      FROM generate_series(${w.fromDay}::date, ${w.toDay}::date - 1, interval '1 day') g
    ), acc AS (
      SELECT (SELECT id FROM ledger_accounts WHERE code = 'house:tasks') AS tasks, (SELECT id FROM ledger_accounts WHERE code = 'house:spins') AS spins
    )
    SELECT to_char(d.day, 'YYYY-MM-DD') AS day, j.n AS joined, a.n AS activations,
           dep.n AS deposits_count, dep.minor AS deposits_minor, w.n AS withdrawals_count, w.minor AS withdrawals_minor,
           tk.youtube AS youtube_minor, tk.tiktok AS tiktok_minor, tk.ads AS ads_minor, tk.trivia AS trivia_minor,
           sp.casino_count, sp.casino_in AS casino_in_minor, sp.casino_out AS casino_out_minor, sp.free_count, sp.free_out AS free_out_minor
    FROM d CROSS JOIN acc
    CROSS JOIN LATERAL (SELECT count(*)::int AS n FROM members WHERE joined_at >= d.lo AND joined_at < d.hi AND NOT is_house AND role = 'member') j
    CROSS JOIN LATERAL (SELECT count(*)::int AS n FROM activations WHERE created_at >= d.lo AND created_at < d.hi) a
    CROSS JOIN LATERAL (SELECT count(*)::int AS n, coalesce(sum(amount_system_minor), 0)::bigint AS minor
                        FROM deposits WHERE status = 2 AND completed_at >= d.lo AND completed_at < d.hi) dep
    CROSS JOIN LATERAL (SELECT count(*)::int AS n, coalesce(sum(amount_system_minor), 0)::bigint AS minor
                        FROM withdrawals WHERE status = 2 AND decided_at >= d.lo AND decided_at < d.hi) w
    CROSS JOIN LATERAL (
      SELECT coalesce(-sum(p.amount_minor) FILTER (WHERE t.kind = 'youtube'), 0)::bigint AS youtube,
             coalesce(-sum(p.amount_minor) FILTER (WHERE t.kind = 'tiktok'), 0)::bigint AS tiktok,
             coalesce(-sum(p.amount_minor) FILTER (WHERE t.kind = 'ads'), 0)::bigint AS ads,
             coalesce(-sum(p.amount_minor) FILTER (WHERE t.kind = 'trivia'), 0)::bigint AS trivia
      FROM ledger_transactions t JOIN ledger_postings p ON p.transaction_id = t.id AND p.account_id = acc.tasks
      WHERE t.kind IN ('youtube', 'tiktok', 'ads', 'trivia') AND t.created_at >= d.lo AND t.created_at < d.hi) tk
    CROSS JOIN LATERAL (
      SELECT count(DISTINCT t.id) FILTER (WHERE t.kind = 'casino_spin')::int AS casino_count,
             coalesce(sum(p.amount_minor) FILTER (WHERE t.kind = 'casino_spin' AND p.amount_minor > 0), 0)::bigint AS casino_in,
             coalesce(-sum(p.amount_minor) FILTER (WHERE t.kind = 'casino_spin' AND p.amount_minor < 0), 0)::bigint AS casino_out,
             count(DISTINCT t.id) FILTER (WHERE t.kind = 'free_spin')::int AS free_count,
             coalesce(-sum(p.amount_minor) FILTER (WHERE t.kind = 'free_spin'), 0)::bigint AS free_out
      FROM ledger_transactions t JOIN ledger_postings p ON p.transaction_id = t.id AND p.account_id = acc.spins
      WHERE t.kind IN ('free_spin', 'casino_spin') AND t.created_at >= d.lo AND t.created_at < d.hi) sp
    ORDER BY d.day`;
}

/** Today's figures, counted live (the day is not over). */
export async function selectTodayFigures(db: DbOrTx, input: { today: string; timeZone: string }): Promise<DayFiguresRow | null> {
  const result = await db.execute<DayFiguresRow>(
    dayFiguresSql({ fromDay: input.today, toDay: addDay(input.today), timeZone: input.timeZone, openEnded: true }),
  );
  return result.rows[0] ?? null;
}

function addDay(day: string): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + 1);
  return at.toISOString().slice(0, 10);
}

/** The last closed day already written for this time zone, or null. */
export async function selectLastClosedDay(db: DbOrTx, timeZone: string): Promise<string | null> {
  const result = await db.execute<{ day: string | null }>(
    sql`SELECT to_char(max(day), 'YYYY-MM-DD') AS day FROM overview_days WHERE time_zone = ${timeZone}`,
  );
  return result.rows[0]?.day ?? null;
}

/** The operator day of the first spin ever (the spin house result adds up every day since), or null. */
export async function selectFirstSpinDay(db: DbOrTx, timeZone: string): Promise<string | null> {
  const result = await db.execute<{ day: string | null }>(sql`
    SELECT to_char((least((SELECT min(created_at) FROM ledger_transactions WHERE kind = 'free_spin'),
                          (SELECT min(created_at) FROM ledger_transactions WHERE kind = 'casino_spin')) AT TIME ZONE ${timeZone})::date, 'YYYY-MM-DD') AS day`);
  return result.rows[0]?.day ?? null;
}

/** Writes the figures of the closed days [fromDay, toDay); a day another request wrote first is kept. */
export async function insertClosedDays(db: DbOrTx, w: OverviewWindow): Promise<void> {
  await db.execute(sql`
    INSERT INTO overview_days (time_zone, day, ${FIGURE_COLUMNS})
    SELECT ${w.timeZone}, day::date, ${FIGURE_COLUMNS} FROM (${dayFiguresSql({ ...w, openEnded: false })}) f
    ON CONFLICT (time_zone, day) DO NOTHING`);
}

/** The closed days of the window, oldest first. */
export async function selectClosedDays(db: DbOrTx, w: OverviewWindow): Promise<DayFiguresRow[]> {
  const result = await db.execute<DayFiguresRow>(sql`
    SELECT to_char(day, 'YYYY-MM-DD') AS day, ${FIGURE_COLUMNS} FROM overview_days
    WHERE time_zone = ${w.timeZone} AND day >= ${w.fromDay}::date AND day < ${w.toDay}::date ORDER BY day`);
  return result.rows;
}

/** Spins of every closed day before `toDay`. */
export async function selectClosedSpinTotals(db: DbOrTx, input: { toDay: string; timeZone: string }) {
  const result = await db.execute<{
    casino_count: string;
    casino_in_minor: string;
    casino_out_minor: string;
    free_count: string;
    free_out_minor: string;
  }>(sql`
    SELECT coalesce(sum(casino_count), 0)::text AS casino_count, coalesce(sum(casino_in_minor), 0)::text AS casino_in_minor,
           coalesce(sum(casino_out_minor), 0)::text AS casino_out_minor, coalesce(sum(free_count), 0)::text AS free_count,
           coalesce(sum(free_out_minor), 0)::text AS free_out_minor
    FROM overview_days WHERE time_zone = ${input.timeZone} AND day < ${input.toDay}::date`);
  return result.rows[0]!;
}

export async function selectPendingWithdrawals(db: DbOrTx) {
  const result = await db.execute<{ n: number; minor: string | null }>(sql`
    SELECT count(*)::int AS n, sum(amount_system_minor)::text AS minor FROM withdrawals WHERE status = 0`);
  return result.rows[0] ?? { n: 0, minor: null };
}

/** The ten largest earners (member_earnings, kept by trigger from member_totals; migration 0170). */
export async function selectTopEarners(db: DbOrTx, limit: number) {
  const result = await db.execute<{ username: string; country: string; status: string; minor: string }>(sql`
    SELECT m.username, c.name AS country, m.status, e.total_minor::text AS minor
    FROM (SELECT member_id, total_minor FROM member_earnings WHERE total_minor > 0 ORDER BY total_minor DESC, member_id LIMIT ${limit}) e
    JOIN members m ON m.id = e.member_id AND NOT m.is_house AND m.role = 'member'
    JOIN countries c ON c.id = m.country_id
    ORDER BY e.total_minor DESC, e.member_id`);
  return result.rows;
}
