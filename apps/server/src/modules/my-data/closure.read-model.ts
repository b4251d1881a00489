import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/**
 * Read model (docs/ARCHITECTURE.md, Owners): whether an account can be closed reads, read-only, the ledger's member
 * wallets, the withdrawals module's pending withdrawals and the payouts module's unsettled payouts in one statement,
 * both when the member asks and again when the closure completes (decision 040). It writes nothing.
 */
export interface ClosureBlockers {
  /** Wallets holding money (non-zero), e.g. ["balance", "deposit"]. */
  fundedWallets: string[];
  pendingWithdrawals: number;
  unsettledPayouts: number;
}

export async function selectClosureBlockers(db: DbOrTx, memberId: bigint): Promise<ClosureBlockers> {
  const result = await db.execute<{ fundedWallets: string[] | null; pendingWithdrawals: number; unsettledPayouts: number }>(sql`
    SELECT (SELECT array_agg(a.wallet ORDER BY a.id) FROM ledger_accounts a
              WHERE a.member_id = ${memberId} AND a.wallet IS NOT NULL AND a.balance_minor <> 0) AS "fundedWallets",
           (SELECT count(*)::int FROM withdrawals w WHERE w.member_id = ${memberId} AND w.status = 0) AS "pendingWithdrawals",
           (SELECT count(*)::int FROM payouts p WHERE p.member_id = ${memberId} AND p.state IN ('approved', 'sent', 'unknown'))
             AS "unsettledPayouts"`);
  const row = result.rows[0];
  return {
    fundedWallets: row?.fundedWallets ?? [],
    pendingWithdrawals: row?.pendingWithdrawals ?? 0,
    unsettledPayouts: row?.unsettledPayouts ?? 0,
  };
}
