import { sql } from 'drizzle-orm';
import { parseDbMinor } from '@tuzo/contracts';
import type { AppDeps } from '../../lib/deps.ts';

/** One ledger transaction as it touched the member's wallets: when, what kind, and the net change (system minor). */
export interface RecentMovement {
  at: Date;
  kind: string;
  amountSystemMinor: bigint;
}

/**
 * The member's latest ledger transactions, newest first, each netted over the member's wallets (the statement's
 * postings, decision 040, grouped by transaction). A move between the member's own wallets nets to 0 and is left out.
 */
export async function loadRecentMovements(deps: AppDeps, input: { memberId: bigint; limit: number }): Promise<RecentMovement[]> {
  const result = await (deps.readDb ?? deps.db).execute<{ at: string; kind: string; amount_minor: string }>(sql`
    SELECT to_json(max(p.created_at)) #>> '{}' AS at, t.kind, sum(p.amount_minor)::text AS amount_minor
    FROM ledger_postings p
    JOIN ledger_accounts a ON a.id = p.account_id
    JOIN ledger_transactions t ON t.id = p.transaction_id
    WHERE a.member_id = ${input.memberId} AND a.wallet IS NOT NULL
    GROUP BY t.id, t.kind
    HAVING sum(p.amount_minor) <> 0
    ORDER BY max(p.created_at) DESC, t.id DESC
    LIMIT ${input.limit}`);
  return result.rows.map((row) => ({
    at: new Date(row.at),
    kind: row.kind,
    amountSystemMinor: parseDbMinor(row.amount_minor),
  }));
}
