import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

export type SettlementRow = {
  id: string;
  withdrawal_id: string;
  username: string;
  provider: string;
  state: string;
  reference: string;
  receipt: string | null;
  amount_minor: string;
  currency: string;
  provider_fee_minor: string | null;
  paid_system_minor: string | null;
  fee_system_minor: string | null;
  settle_transaction_id: string | null;
  created_at: string;
  settled_at: string | null;
  failure_reason: string | null;
};

/**
 * The payouts of one operator day: those settled that day (paid or failed) and those created that day still live.
 * `paid_system_minor` and `fee_system_minor` are read from the settling transaction's own postings on
 * `provider:payouts` and `house:fees`, so the file's paid total is the ledger's by construction.
 */
export async function selectSettlementRows(db: DbOrTx, input: { day: string; timeZone: string }): Promise<SettlementRow[]> {
  const rows = await db.execute<SettlementRow>(sql`
    SELECT p.id::text, p.withdrawal_id::text, m.username, p.provider, p.state, p.reference, p.receipt,
           p.amount_minor::text, p.currency, p.provider_fee_minor::text, p.failure_reason,
           (SELECT sum(lp.amount_minor)::text FROM ledger_postings lp JOIN ledger_accounts a ON a.id = lp.account_id
             WHERE lp.transaction_id = p.settle_transaction_id AND a.code = 'provider:payouts') AS paid_system_minor,
           (SELECT sum(lp.amount_minor)::text FROM ledger_postings lp JOIN ledger_accounts a ON a.id = lp.account_id
             WHERE lp.transaction_id = p.settle_transaction_id AND a.code = 'house:fees') AS fee_system_minor,
           p.settle_transaction_id::text, p.created_at, p.settled_at
    FROM payouts p JOIN members m ON m.id = p.member_id
    WHERE (p.settled_at AT TIME ZONE ${input.timeZone})::date = ${input.day}::date
       OR (p.state IN ('approved', 'sent', 'unknown') AND (p.created_at AT TIME ZONE ${input.timeZone})::date = ${input.day}::date)
    ORDER BY p.state, p.id
    LIMIT 100000`);
  return rows.rows;
}
