import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/**
 * The only place with the overview's SQL. Each daily query reads a window [from, to) of one table through its
 * created_at/completed_at index (migration 0170) and buckets by the operator's calendar day.
 */
export interface OverviewWindow {
  /** First operator day of the window, YYYY-MM-DD. */
  fromDay: string;
  /** The day after the last one (exclusive), YYYY-MM-DD. */
  toDay: string;
  timeZone: string;
}

/** The instant an operator day starts. */
const startOf = (day: string, timeZone: string) => sql`(${day}::date::timestamp AT TIME ZONE ${timeZone})`;

const dayOf = (column: string, timeZone: string) => sql`to_char((${sql.raw(column)} AT TIME ZONE ${timeZone})::date, 'YYYY-MM-DD')`;

/** Members (no house account) by status and country: one GROUP BY on members_status_country. */
export async function selectMemberCounts(db: DbOrTx) {
  const result = await db.execute<{ status: string; country: string; abbreviation: string; n: number }>(sql`
    SELECT x.status, c.name AS country, c.abbreviation, x.n
    FROM (SELECT status, country_id, count(*)::int AS n FROM members WHERE NOT is_house GROUP BY status, country_id) x
    JOIN countries c ON c.id = x.country_id
    ORDER BY c.sort_order, c.name`);
  return result.rows;
}

export async function selectJoinsPerDay(db: DbOrTx, w: OverviewWindow) {
  const result = await db.execute<{ day: string; n: number }>(sql`
    SELECT ${dayOf('joined_at', w.timeZone)} AS day, count(*)::int AS n FROM members
    WHERE joined_at >= ${startOf(w.fromDay, w.timeZone)} AND joined_at < ${startOf(w.toDay, w.timeZone)} AND NOT is_house
    GROUP BY 1`);
  return result.rows;
}

export async function selectActivationsPerDay(db: DbOrTx, w: OverviewWindow) {
  const result = await db.execute<{ day: string; n: number }>(sql`
    SELECT ${dayOf('created_at', w.timeZone)} AS day, count(*)::int AS n FROM activations
    WHERE created_at >= ${startOf(w.fromDay, w.timeZone)} AND created_at < ${startOf(w.toDay, w.timeZone)}
    GROUP BY 1`);
  return result.rows;
}

/** Completed deposits by the day they were credited. */
export async function selectDepositsPerDay(db: DbOrTx, w: OverviewWindow) {
  const result = await db.execute<{ day: string; n: number; minor: string }>(sql`
    SELECT ${dayOf('completed_at', w.timeZone)} AS day, count(*)::int AS n, sum(amount_system_minor)::text AS minor FROM deposits
    WHERE status = 2 AND completed_at >= ${startOf(w.fromDay, w.timeZone)} AND completed_at < ${startOf(w.toDay, w.timeZone)}
    GROUP BY 1`);
  return result.rows;
}

/** Withdrawals requested per day and not declined (pending or paid). */
export async function selectWithdrawalsPerDay(db: DbOrTx, w: OverviewWindow) {
  const result = await db.execute<{ day: string; n: number; minor: string }>(sql`
    SELECT ${dayOf('created_at', w.timeZone)} AS day, count(*)::int AS n, sum(amount_system_minor)::text AS minor FROM withdrawals
    WHERE status <> 1 AND created_at >= ${startOf(w.fromDay, w.timeZone)} AND created_at < ${startOf(w.toDay, w.timeZone)}
    GROUP BY 1`);
  return result.rows;
}

export async function selectPendingWithdrawals(db: DbOrTx) {
  const result = await db.execute<{ n: number; minor: string | null }>(sql`
    SELECT count(*)::int AS n, sum(amount_system_minor)::text AS minor FROM withdrawals WHERE status = 0`);
  return result.rows[0] ?? { n: 0, minor: null };
}

/** Task pay per day and kind: what left house:tasks (net of nothing else: task kinds only ever pay out). */
export async function selectTaskPayoutsPerDay(db: DbOrTx, w: OverviewWindow) {
  const result = await db.execute<{ day: string; kind: string; minor: string }>(sql`
    SELECT ${dayOf('t.created_at', w.timeZone)} AS day, t.kind, (-sum(p.amount_minor))::text AS minor
    FROM ledger_transactions t
    JOIN ledger_postings p ON p.transaction_id = t.id
    JOIN ledger_accounts a ON a.id = p.account_id AND a.code = 'house:tasks'
    WHERE t.kind IN ('youtube', 'tiktok', 'ads', 'trivia')
      AND t.created_at >= ${startOf(w.fromDay, w.timeZone)} AND t.created_at < ${startOf(w.toDay, w.timeZone)}
    GROUP BY 1, 2`);
  return result.rows;
}

/** The ten largest earners (member_earnings, kept by trigger from member_totals; migration 0170). */
export async function selectTopEarners(db: DbOrTx, limit: number) {
  const result = await db.execute<{ username: string; country: string; status: string; minor: string }>(sql`
    SELECT m.username, c.name AS country, m.status, e.total_minor::text AS minor
    FROM (SELECT member_id, total_minor FROM member_earnings WHERE total_minor > 0 ORDER BY total_minor DESC, member_id LIMIT ${limit}) e
    JOIN members m ON m.id = e.member_id AND NOT m.is_house
    JOIN countries c ON c.id = m.country_id
    ORDER BY e.total_minor DESC, e.member_id`);
  return result.rows;
}

/** house:spins postings by kind: stakes in (positive) and wins or prizes out (negative). */
export async function selectSpinPostings(db: DbOrTx) {
  const result = await db.execute<{ kind: string; n: number; in_minor: string; out_minor: string }>(sql`
    SELECT t.kind, count(DISTINCT t.id)::int AS n,
           coalesce(sum(p.amount_minor) FILTER (WHERE p.amount_minor > 0), 0)::text AS in_minor,
           coalesce(-sum(p.amount_minor) FILTER (WHERE p.amount_minor < 0), 0)::text AS out_minor
    FROM ledger_accounts a
    JOIN ledger_postings p ON p.account_id = a.id
    JOIN ledger_transactions t ON t.id = p.transaction_id
    WHERE a.code = 'house:spins' AND t.kind IN ('free_spin', 'casino_spin')
    GROUP BY t.kind`);
  return result.rows;
}
