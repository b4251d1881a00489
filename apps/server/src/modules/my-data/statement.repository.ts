import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/**
 * A member's wallet statement (decision 040), read from the ledger (any module may read it; money moves only through
 * `recordMovement`). The range is [start, end): the first instant of `from` and of the day after `to`, in the
 * operator's time zone. A posting belongs to the range by its `created_at`, the movement's business time.
 */

export type StatementWalletRow = {
  wallet: 'balance' | 'deposit' | 'ads' | 'youtube' | 'tiktok';
  /** Minor units as text (pg bigint). */
  openingMinor: string;
  balanceMinor: string;
};

export type StatementLineRow = {
  wallet: StatementWalletRow['wallet'];
  at: string;
  transactionId: string;
  kind: string;
  memo: string | null;
  amountMinor: string;
};

const RANGE = (input: { from: string; to: string; timeZone: string }) => ({
  start: sql`((${input.from}::date)::timestamp AT TIME ZONE ${input.timeZone})`,
  end: sql`(((${input.to}::date + 1))::timestamp AT TIME ZONE ${input.timeZone})`,
});

/** Each wallet of the member with its balance before the range and its cached balance now. */
export async function selectStatementWallets(
  db: DbOrTx,
  input: { memberId: bigint; from: string; to: string; timeZone: string },
): Promise<StatementWalletRow[]> {
  const { start } = RANGE(input);
  const result = await db.execute<StatementWalletRow>(sql`
    SELECT a.wallet,
           coalesce((SELECT sum(p.amount_minor) FROM ledger_postings p WHERE p.account_id = a.id AND p.created_at < ${start}), 0)::text
             AS "openingMinor",
           a.balance_minor::text AS "balanceMinor"
    FROM ledger_accounts a
    WHERE a.member_id = ${input.memberId} AND a.wallet IS NOT NULL
    ORDER BY array_position(ARRAY['balance', 'deposit', 'ads', 'youtube', 'tiktok'], a.wallet)`);
  return result.rows;
}

/** Every posting on the member's wallets inside the range, oldest first (ties by posting id). */
export async function selectStatementLines(
  db: DbOrTx,
  input: { memberId: bigint; from: string; to: string; timeZone: string },
): Promise<StatementLineRow[]> {
  const { start, end } = RANGE(input);
  const result = await db.execute<StatementLineRow>(sql`
    SELECT a.wallet, to_json(p.created_at) #>> '{}' AS at, t.id::text AS "transactionId", t.kind, t.memo,
           p.amount_minor::text AS "amountMinor"
    FROM ledger_postings p
    JOIN ledger_accounts a ON a.id = p.account_id
    JOIN ledger_transactions t ON t.id = p.transaction_id
    WHERE a.member_id = ${input.memberId} AND a.wallet IS NOT NULL AND p.created_at >= ${start} AND p.created_at < ${end}
    ORDER BY p.created_at, p.id`);
  return result.rows;
}
