import type pg from 'pg';

/** What a claim decides on, read in one named statement (migration 0110 for bonus_claims, 0070 for team_counts). */
export interface BonusClaimFacts {
  referenceVersion: string;
  countryId: number;
  /** Level-1 members activated since the start of the operator's day (the daily points). */
  activatedToday: number;
  /** Active level-1 members now (the team counter kept by triggers). */
  activeLevel1: number;
  dailyClaimed: boolean;
  welcomeClaimed: boolean;
}

const CLAIM_FACTS_SQL = `
  SELECT (SELECT version::text FROM reference_version WHERE id) AS "referenceVersion",
         m.country_id AS "countryId",
         (SELECT count(*)::int FROM members d
            WHERE d.l1_id = m.id AND d.status = 'active'
              AND d.activated_at >= (date_trunc('day', $2::timestamptz AT TIME ZONE $3) AT TIME ZONE $3)) AS "activatedToday",
         COALESCE((SELECT tc.active FROM team_counts tc WHERE tc.upline_id = m.id AND tc.level = 1), 0) AS "activeLevel1",
         EXISTS (SELECT 1 FROM bonus_claims b WHERE b.member_id = m.id AND b.kind = 'daily' AND b.day = $4::date) AS "dailyClaimed",
         EXISTS (SELECT 1 FROM bonus_claims b WHERE b.member_id = m.id AND b.kind = 'welcome') AS "welcomeClaimed"
  FROM members m
  WHERE m.id = $1`;

/** Each part is an index lookup; the same figures `userdata` shows, so the screen and the claim agree. */
export async function selectBonusClaimFacts(
  pool: pg.Pool,
  input: { memberId: bigint; now: Date; timeZone: string; day: string },
): Promise<BonusClaimFacts | null> {
  const result = await pool.query<BonusClaimFacts>({
    name: 'bonus_claim_facts',
    text: CLAIM_FACTS_SQL,
    values: [input.memberId.toString(), input.now.toISOString(), input.timeZone, input.day],
  });
  return result.rows[0] ?? null;
}
