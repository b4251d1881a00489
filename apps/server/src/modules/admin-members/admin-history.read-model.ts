import { sql, type SQL } from 'drizzle-orm';
import type { MemberHistory } from '@tuzo/contracts';
import type { DbOrTx } from '../../db/client.ts';

/**
 * Read model (docs/ARCHITECTURE.md, Owners): one member's history for the operator reads, read-only, the rows of
 * deposits, withdrawals, transfers and the ledger (owned by deposits, withdrawals, payforclient and the ledger) in
 * one shape and one query per list. It writes nothing.
 */

/**
 * One member's lists for the operator, newest first. Every row comes back in one shape: `amount_minor` (signed for
 * the ledger: the member's side), its currency, a status and a detail line.
 */
export type HistoryRow = {
  id: string;
  created_at: Date;
  kind: string;
  amount_minor: string;
  currency: string | null;
  status: string;
  detail: string | null;
};

const QUERIES: Record<MemberHistory, (memberId: bigint) => { rows: SQL; count: SQL }> = {
  ledger: (memberId) => ({
    rows: sql`
      SELECT t.id::text AS id, t.created_at, t.kind, sum(p.amount_minor)::text AS amount_minor, NULL AS currency, '2' AS status,
             concat_ws(' · ', string_agg(DISTINCT a.wallet, ', '), t.memo) AS detail
      FROM ledger_accounts a
      JOIN ledger_postings p ON p.account_id = a.id
      JOIN ledger_transactions t ON t.id = p.transaction_id
      WHERE a.member_id = ${memberId}
      GROUP BY t.id ORDER BY t.id DESC`,
    count: sql`
      SELECT count(DISTINCT p.transaction_id)::text AS n
      FROM ledger_accounts a JOIN ledger_postings p ON p.account_id = a.id WHERE a.member_id = ${memberId}`,
  }),
  deposits: (memberId) => ({
    rows: sql`
      SELECT id::text AS id, created_at, method AS kind, amount_local_minor::text AS amount_minor, currency, status::text AS status,
             concat_ws(' · ', provider_ref, failure_reason) AS detail
      FROM deposits WHERE member_id = ${memberId} ORDER BY created_at DESC, id DESC`,
    count: sql`SELECT count(*)::text AS n FROM deposits WHERE member_id = ${memberId}`,
  }),
  withdrawals: (memberId) => ({
    rows: sql`
      SELECT id::text AS id, created_at, wallet AS kind, amount_local_minor::text AS amount_minor, currency, status::text AS status,
             'fee ' || (fee_local_minor / 100.0)::numeric(20, 2)::text AS detail
      FROM withdrawals WHERE member_id = ${memberId} ORDER BY created_at DESC, id DESC`,
    count: sql`SELECT count(*)::text AS n FROM withdrawals WHERE member_id = ${memberId}`,
  }),
  transfers: (memberId) => ({
    rows: sql`
      SELECT t.id::text AS id, t.created_at, CASE WHEN t.payer_id = ${memberId} THEN 'sent' ELSE 'received' END AS kind,
             t.amount_local_minor::text AS amount_minor, t.currency, t.status::text AS status,
             CASE WHEN t.payer_id = ${memberId} THEN 'to ' || c.username ELSE 'from ' || p.username END AS detail
      FROM transfers t JOIN members p ON p.id = t.payer_id JOIN members c ON c.id = t.client_id
      WHERE t.payer_id = ${memberId} OR t.client_id = ${memberId}
      ORDER BY t.created_at DESC, t.id DESC`,
    count: sql`SELECT count(*)::text AS n FROM transfers WHERE payer_id = ${memberId} OR client_id = ${memberId}`,
  }),
};

export async function selectMemberHistory(
  db: DbOrTx,
  input: { memberId: bigint; list: MemberHistory; offset: number; limit: number },
) {
  const query = QUERIES[input.list](input.memberId);
  const rows = await db.execute<HistoryRow>(sql`${query.rows} OFFSET ${input.offset} LIMIT ${input.limit}`);
  const counted = await db.execute<{ n: string }>(query.count);
  return { rows: rows.rows, total: Number(counted.rows[0]?.n ?? 0) };
}
