import { sql, type SQL } from 'drizzle-orm';
import { parseDbMinor } from '@tuzo/contracts';
import type { DbOrTx } from '../../db/client.ts';

/** A sponsor who can be credited with a visit: a member (not staff, not the house account), found by username. */
export async function selectSponsorId(db: DbOrTx, username: string): Promise<bigint | null> {
  const result = await db.execute<{ id: string }>(
    sql`SELECT id FROM members WHERE lower(username) = lower(${username}) AND role = 'member' AND NOT is_house`,
  );
  const id = result.rows[0]?.id;
  return id === undefined ? null : BigInt(id);
}

/** Adds one visit to the sponsor's counter of `day` (one row per sponsor and day, nothing about the visitor). */
export async function addVisit(db: DbOrTx, input: { sponsorId: bigint; day: string }): Promise<void> {
  await db.execute(sql`
    INSERT INTO referral_visits (sponsor_id, day, visits) VALUES (${input.sponsorId}, ${input.day}::date, 1)
    ON CONFLICT (sponsor_id, day) DO UPDATE SET visits = referral_visits.visits + 1`);
}

export interface ReferralDayRow {
  day: string;
  visits: number;
  signups: number;
  activations: number;
  /** Net of reversals, system minor units. */
  commissionsSystemMinor: bigint;
}

/**
 * Each of the `days` operator days ending with `toDay` (YYYY-MM-DD), oldest first, zeros included: the visit counter,
 * the level-1 members who joined, the activations of level-1 members, and the commissions credited to the member's
 * accounts (commission transactions, held commissions on the day they were released (decision 062), and their
 * reversals, on the day each was posted; a commission still held, or reversed from the hold, is not counted). The member's rows of the whole
 * window are read once, each by an index range (members_team_l1, activations_member, ledger_transactions_member), and
 * counted per operator day in `timeZone`.
 */
export async function selectReferralDays(
  db: DbOrTx,
  input: { memberId: bigint; toDay: string; days: number; timeZone: string },
): Promise<ReferralDayRow[]> {
  const { memberId, timeZone: tz } = input;
  const dayOf = (column: SQL) => sql`(${column} AT TIME ZONE ${tz})::date`;
  const result = await db.execute<{ day: string; visits: number; signups: number; activations: number; commissions: string }>(sql`
    WITH w AS (
      SELECT (${input.toDay}::date - ${input.days - 1}::int)::timestamp AT TIME ZONE ${tz} AS lo,
             (${input.toDay}::date + 1)::timestamp AT TIME ZONE ${tz} AS hi
    ), joined AS (
      SELECT ${dayOf(sql`m.joined_at`)} AS day, count(*)::int AS n FROM members m, w
      WHERE m.l1_id = ${memberId} AND m.joined_at >= w.lo AND m.joined_at < w.hi GROUP BY 1
    ), activated AS (
      SELECT ${dayOf(sql`a.created_at`)} AS day, count(*)::int AS n FROM members m JOIN activations a ON a.member_id = m.id, w
      WHERE m.l1_id = ${memberId} AND a.created_at >= w.lo AND a.created_at < w.hi GROUP BY 1
    ), earned AS (
      SELECT ${dayOf(sql`t.created_at`)} AS day, sum(p.amount_minor) AS minor
      FROM ledger_transactions t
      CROSS JOIN w
      LEFT JOIN ledger_transactions o ON o.id = t.reverses_id
      JOIN ledger_postings p ON p.transaction_id = t.id
      JOIN ledger_accounts la ON la.id = p.account_id AND la.member_id = ${memberId}
      WHERE t.member_id = ${memberId} AND t.created_at >= w.lo AND t.created_at < w.hi
        AND coalesce(o.kind, t.kind) IN ('commission_l1', 'commission_l2', 'commission_l3', 'commission_release')
      GROUP BY 1
    )
    SELECT to_char(g::date, 'YYYY-MM-DD') AS day, coalesce(v.visits, 0)::int AS visits, coalesce(j.n, 0) AS signups,
           coalesce(a.n, 0) AS activations, coalesce(e.minor, 0)::text AS commissions
    FROM generate_series(${input.toDay}::date - ${input.days - 1}::int, ${input.toDay}::date, interval '1 day') g
    LEFT JOIN referral_visits v ON v.sponsor_id = ${memberId} AND v.day = g::date
    LEFT JOIN joined j ON j.day = g::date
    LEFT JOIN activated a ON a.day = g::date
    LEFT JOIN earned e ON e.day = g::date
    ORDER BY g`);
  return result.rows.map((row) => ({
    day: row.day,
    visits: Number(row.visits),
    signups: Number(row.signups),
    activations: Number(row.activations),
    commissionsSystemMinor: parseDbMinor(row.commissions),
  }));
}
