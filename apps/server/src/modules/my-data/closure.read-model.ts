import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/**
 * Read model (docs/ARCHITECTURE.md, Owners): whether an account can be closed reads, read-only, the ledger's member
 * wallets, the withdrawals module's pending withdrawals, the payouts module's unsettled payouts, and every other money
 * request still open for the member (a four-eyes request, a code waiting for review, a payment notification they
 * claimed that M-Pesa has not confirmed yet: decision 047) in one statement, both when the member asks and again when
 * the closure completes (decision 040). It writes nothing.
 */
export interface ClosureBlockers {
  /** Wallets holding money (non-zero), e.g. ["balance", "deposit"]. */
  fundedWallets: string[];
  pendingWithdrawals: number;
  unsettledPayouts: number;
  /** Four-eyes requests about the member still waiting for a second operator (approval_requests, pending). */
  pendingApprovals: number;
  /** Manual deposit codes the member sent that wait for an operator's review (code_reviews, pending). */
  pendingCodeReviews: number;
  /** Payment notifications the member claimed that wait for M-Pesa's confirmation (verification pending). */
  unverifiedNotifications: number;
}

type BlockerRow = Omit<ClosureBlockers, 'fundedWallets'> & { fundedWallets: string[] | null };

export async function selectClosureBlockers(db: DbOrTx, memberId: bigint): Promise<ClosureBlockers> {
  const result = await db.execute<BlockerRow>(sql`
    SELECT (SELECT array_agg(a.wallet ORDER BY a.id) FROM ledger_accounts a
              WHERE a.member_id = ${memberId} AND a.wallet IS NOT NULL AND a.balance_minor <> 0) AS "fundedWallets",
           (SELECT count(*)::int FROM withdrawals w WHERE w.member_id = ${memberId} AND w.status = 0) AS "pendingWithdrawals",
           (SELECT count(*)::int FROM payouts p WHERE p.member_id = ${memberId} AND p.state NOT IN ('paid', 'failed'))
             AS "unsettledPayouts",
           (SELECT count(*)::int FROM approval_requests r WHERE r.member_id = ${memberId} AND r.state = 'pending')
             AS "pendingApprovals",
           (SELECT count(*)::int FROM code_reviews c WHERE c.member_id = ${memberId} AND c.status = 'pending')
             AS "pendingCodeReviews",
           (SELECT count(*)::int FROM payment_notifications n
              WHERE n.waiting_member_id = ${memberId} AND n.verification = 'pending' AND n.claimed_by_deposit_id IS NULL)
             AS "unverifiedNotifications"`);
  const row = result.rows[0];
  return {
    fundedWallets: row?.fundedWallets ?? [],
    pendingWithdrawals: row?.pendingWithdrawals ?? 0,
    unsettledPayouts: row?.unsettledPayouts ?? 0,
    pendingApprovals: row?.pendingApprovals ?? 0,
    pendingCodeReviews: row?.pendingCodeReviews ?? 0,
    unverifiedNotifications: row?.unverifiedNotifications ?? 0,
  };
}
