import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../lib/deps.ts';
import { selectTeamCounts } from './team.repository.ts';

/** A member's team in brief (USSD "My team"): members per level and how many of them joined today. */
export interface TeamBrief {
  l1: number;
  l2: number;
  l3: number;
  today: number;
}

/**
 * Totals per level from the counters (as `allmyDownlines`), and the members of the three levels who joined since the
 * start of today, today by the app clock in the operator's time zone (TUZO_TIMEZONE).
 */
export async function readTeamBrief(deps: AppDeps, memberId: bigint): Promise<TeamBrief> {
  const db = deps.readDb ?? deps.db;
  const counts = await selectTeamCounts(db, memberId);
  const tz = deps.config.TUZO_TIMEZONE;
  const now = deps.clock.now();
  const today = await db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM members m
    WHERE (m.l1_id = ${memberId} OR m.l2_id = ${memberId} OR m.l3_id = ${memberId})
      AND m.joined_at >= (date_trunc('day', ${now}::timestamptz AT TIME ZONE ${tz}) AT TIME ZONE ${tz})
      AND m.joined_at <= ${now}::timestamptz`);
  const total = (level: number) => counts.find((row) => row.level === level)?.total ?? 0;
  return { l1: total(1), l2: total(2), l3: total(3), today: Number(today.rows[0]?.n ?? 0) };
}
