import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { EARNING_KINDS } from '../../ledger/accounts.ts';

export interface BalanceFacts {
  status: 'inactive' | 'active' | 'suspended';
  currency: string;
  rateMicro: string;
  signupBonusMinor: string;
  cregLocalMinor: string | null;
  wallets: Record<string, string>;
  earningsMinor: string;
  triviaMinor: string;
  welcomeBonusMinor: string;
  depositsMinor: string;
  completedWithdrawalsMinor: string;
  pendingWithdrawalsMinor: string;
  activatedToday: string;
  settings: Record<string, unknown>;
}

/**
 * Every fact `loadBalances` needs, in one statement: the member and their country's fee, wallet balances, lifetime
 * credits by kind (reversals count against the kind they reverse), withdrawal totals, today's level-1 activations
 * and the money settings. Credits are positive postings of a kind; a reversal's negative postings undo them.
 */
export async function selectBalanceFacts(
  db: DbOrTx,
  input: { memberId: bigint; timeZone: string; settingKeys: readonly string[] },
): Promise<BalanceFacts | null> {
  const earningKinds = sql.join(EARNING_KINDS.map((kind) => sql`${kind}`), sql`, `);
  const keys = sql.join(input.settingKeys.map((key) => sql`${key}`), sql`, `);
  const result = await db.execute<Record<string, unknown>>(sql`
    WITH credits AS (
      SELECT COALESCE(o.kind, t.kind) AS kind,
             SUM(CASE WHEN t.reverses_id IS NULL AND p.amount_minor > 0 THEN p.amount_minor
                      WHEN t.reverses_id IS NOT NULL AND p.amount_minor < 0 THEN p.amount_minor
                      ELSE 0 END) AS total
      FROM ledger_accounts a
      JOIN ledger_postings p ON p.account_id = a.id
      JOIN ledger_transactions t ON t.id = p.transaction_id
      LEFT JOIN ledger_transactions o ON o.id = t.reverses_id
      WHERE a.member_id = ${input.memberId}
      GROUP BY 1
    )
    SELECT m.status,
           c.currency,
           c.rate_micro::text AS "rateMicro",
           m.signup_bonus_minor::text AS "signupBonusMinor",
           f.creg_minor::text AS "cregLocalMinor",
           (SELECT COALESCE(json_object_agg(a.wallet, a.balance_minor::text), '{}'::json)
              FROM ledger_accounts a WHERE a.member_id = m.id) AS wallets,
           (SELECT COALESCE(SUM(total), 0)::text FROM credits WHERE kind IN (${earningKinds})) AS "earningsMinor",
           (SELECT COALESCE(SUM(total), 0)::text FROM credits WHERE kind = 'trivia') AS "triviaMinor",
           (SELECT COALESCE(SUM(total), 0)::text FROM credits WHERE kind = 'welcome_bonus') AS "welcomeBonusMinor",
           (SELECT COALESCE(SUM(total), 0)::text FROM credits WHERE kind = 'deposit') AS "depositsMinor",
           (SELECT COALESCE(SUM(w.amount_system_minor), 0)::text FROM withdrawals w
              WHERE w.member_id = m.id AND w.status = 2) AS "completedWithdrawalsMinor",
           (SELECT COALESCE(SUM(w.amount_system_minor + w.fee_system_minor), 0)::text FROM withdrawals w
              WHERE w.member_id = m.id AND w.status = 0) AS "pendingWithdrawalsMinor",
           (SELECT count(*)::text FROM members d
              WHERE d.l1_id = m.id AND d.status = 'active'
                AND d.activated_at >= (date_trunc('day', now() AT TIME ZONE ${input.timeZone}) AT TIME ZONE ${input.timeZone})) AS "activatedToday",
           (SELECT COALESCE(json_object_agg(s.key, s.value), '{}'::json) FROM settings s WHERE s.key IN (${keys})) AS settings
    FROM members m
    JOIN countries c ON c.id = m.country_id
    LEFT JOIN country_fees f ON f.country_id = m.country_id
    WHERE m.id = ${input.memberId}`);
  return (result.rows[0] as unknown as BalanceFacts | undefined) ?? null;
}
