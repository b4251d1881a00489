import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

export interface BalanceFacts {
  status: 'inactive' | 'active' | 'suspended';
  currency: string;
  rateMicro: string;
  signupBonusMinor: string;
  cregLocalMinor: string | null;
  wallets: Record<string, string> | null;
  /** member_totals of the member, bucket -> minor units as text (migration 0050). */
  totals: Record<string, string> | null;
  activatedToday: string;
  /** Bonus state (migration 0110): claimed on the operator's day, active level-1 members now, welcome claimed. */
  dailyClaimed: boolean;
  activeLevel1: number;
  welcomeClaimed: boolean;
  settings: Record<string, unknown> | null;
}

export interface BalanceFactsInput {
  /** The app clock's now: "today" is the operator's day containing it. */
  now: Date;
  timeZone: string;
  /** The operator's day of `now` (`operatorDay`), the key of the daily bonus claim. */
  day: string;
  settingKeys: readonly string[];
}

/**
 * The columns of `BalanceFacts` for the member row aliased `m`, its country `c` and fee row `f`. Each is an index
 * lookup: wallet balances are cached on their accounts and lifetime figures are the running totals kept by the
 * movement function, so nothing re-sums the member's history. Shared with the userdata query (one round trip).
 */
export function balanceFactsColumns(input: BalanceFactsInput): SQL {
  const keys = sql.join(
    input.settingKeys.map((key) => sql`${key}`),
    sql`, `,
  );
  const dayStart = sql`(date_trunc('day', ${input.now.toISOString()}::timestamptz AT TIME ZONE ${input.timeZone}) AT TIME ZONE ${input.timeZone})`;
  return sql`
    m.status,
    c.currency,
    c.rate_micro::text AS "rateMicro",
    m.signup_bonus_minor::text AS "signupBonusMinor",
    f.creg_minor::text AS "cregLocalMinor",
    (SELECT json_object_agg(a.wallet, a.balance_minor::text) FROM ledger_accounts a WHERE a.member_id = m.id) AS wallets,
    (SELECT json_object_agg(t.bucket, t.total_minor::text) FROM member_totals t WHERE t.member_id = m.id) AS totals,
    (SELECT count(*)::text FROM members d
      WHERE d.l1_id = m.id AND d.status = 'active' AND d.activated_at >= ${dayStart}) AS "activatedToday",
    EXISTS (SELECT 1 FROM bonus_claims b WHERE b.member_id = m.id AND b.kind = 'daily' AND b.day = ${input.day}::date) AS "dailyClaimed",
    COALESCE((SELECT tc.active FROM team_counts tc WHERE tc.upline_id = m.id AND tc.level = 1), 0) AS "activeLevel1",
    EXISTS (SELECT 1 FROM bonus_claims b WHERE b.member_id = m.id AND b.kind = 'welcome') AS "welcomeClaimed",
    (SELECT json_object_agg(s.key, s.value) FROM settings s WHERE s.key IN (${keys})) AS settings`;
}

/** Every fact `loadBalances` needs, in one statement. */
export async function selectBalanceFacts(
  db: DbOrTx,
  input: BalanceFactsInput & { memberId: bigint },
): Promise<BalanceFacts | null> {
  const result = await db.execute<Record<string, unknown>>(sql`
    SELECT ${balanceFactsColumns(input)}
    FROM members m
    JOIN countries c ON c.id = m.country_id
    LEFT JOIN country_fees f ON f.country_id = m.country_id
    WHERE m.id = ${input.memberId}`);
  return (result.rows[0] as unknown as BalanceFacts | undefined) ?? null;
}
