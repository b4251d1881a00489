import { sql, type SQL } from 'drizzle-orm';
import {
  formatMinor,
  parseDbMinor,
  type AdminDepositsFilter,
  type AdminMembersFilter,
  type AdminWithdrawalsFilter,
  type ExportName,
} from '@tuzo/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { memberListQuery, type MemberListRow } from '../admin-members/index.ts';
import { depositListQuery, withdrawalListQuery, type DepositListRow, type WithdrawalQueueRow } from '../admin-money/index.ts';

/**
 * Read model (docs/ARCHITECTURE.md, Owners): the CSV exports stream rows of tables other modules own (members,
 * deposits, withdrawals, the ledger) in keyset pages, read-only, with the list screens' own queries (published by
 * admin-members and admin-money); an export is a report, never a write.
 */

/**
 * One export: its header, the query pieces and how a row becomes cells. Rows are read newest id first in keyset
 * pages (`<id> < last id`, on the primary key), so the server holds one page at a time whatever the table's size.
 */
export interface ExportSpec<Row extends Record<string, unknown> & { id: string }> {
  header: readonly string[];
  from: SQL;
  columns: SQL;
  where: SQL;
  idColumn: SQL;
  /** For exports that sum several rows into one (the ledger: one line per transaction). */
  groupBy?: SQL;
  toCells: (row: Row) => Array<string | number | null>;
}

const money = (text: string) => formatMinor(parseDbMinor(text));
const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

export function membersExport(filter: AdminMembersFilter): ExportSpec<MemberListRow> {
  return {
    header: ['id', 'username', 'email', 'phone', 'country', 'status', 'joined_at', 'activated_at'],
    from: sql`members m JOIN countries c ON c.id = m.country_id`,
    ...memberListQuery(filter),
    idColumn: sql`m.id`,
    toCells: (r) => [r.id, r.username, r.email, r.phone, r.country, r.status, iso(r.joined_at), iso(r.activated_at)],
  };
}

export function withdrawalsExport(filter: AdminWithdrawalsFilter): ExportSpec<WithdrawalQueueRow> {
  return {
    header: [
      'id',
      'username',
      'phone',
      'wallet',
      'amount',
      'fee',
      'currency',
      'amount_system',
      'fee_system',
      'status',
      'created_at',
      'decided_at',
      'decided_by',
    ],
    ...withdrawalListQuery(filter),
    idColumn: sql`w.id`,
    toCells: (r) => [
      r.id,
      r.username,
      r.phone,
      r.wallet,
      money(r.amount_local_minor),
      money(r.fee_local_minor),
      r.currency,
      money(r.amount_system_minor),
      money(r.fee_system_minor),
      r.status,
      iso(r.created_at),
      iso(r.decided_at),
      r.decided_by,
    ],
  };
}

export function depositsExport(filter: AdminDepositsFilter, stuckBefore: Date): ExportSpec<DepositListRow> {
  return {
    header: [
      'id',
      'username',
      'method',
      'status',
      'amount',
      'currency',
      'amount_system',
      'provider_ref',
      'failure_reason',
      'created_at',
    ],
    ...depositListQuery(filter, stuckBefore),
    idColumn: sql`x.id`,
    toCells: (r) => [
      r.id,
      r.username,
      r.method,
      r.status,
      money(r.amount_local_minor),
      r.currency,
      money(r.amount_system_minor),
      r.provider_ref,
      r.failure_reason,
      iso(r.created_at),
    ],
  };
}

type CodeRow = {
  id: string;
  username: string;
  phone: string;
  code: string;
  status: string;
  created_at: Date;
};

/** The manual codes that matched no payment, still waiting for an operator. */
export function codesExport(): ExportSpec<CodeRow> {
  return {
    header: ['id', 'username', 'phone', 'code', 'status', 'created_at'],
    from: sql`code_reviews r JOIN members m ON m.id = r.member_id`,
    columns: sql`r.id::text AS id, m.username, m.phone, r.code, r.status, r.created_at`,
    where: sql`r.status = 'pending'`,
    idColumn: sql`r.id`,
    toCells: (r) => [r.id, r.username, r.phone, r.code, r.status, iso(r.created_at)],
  };
}

type LedgerRow = {
  id: string;
  created_at: Date;
  kind: string;
  amount_minor: string;
  wallets: string;
  memo: string | null;
};

/** One member's ledger: one line per transaction, the sum of the member's legs (system currency), newest first. */
export function memberLedgerExport(memberId: bigint): ExportSpec<LedgerRow> {
  return {
    header: ['transaction_id', 'created_at', 'kind', 'amount_system', 'wallets', 'memo'],
    from: sql`ledger_accounts a JOIN ledger_postings p ON p.account_id = a.id JOIN ledger_transactions t ON t.id = p.transaction_id`,
    columns: sql`t.id::text AS id, t.created_at, t.kind, sum(p.amount_minor)::text AS amount_minor, string_agg(DISTINCT a.wallet, ' ') AS wallets, t.memo`,
    where: sql`a.member_id = ${memberId}`,
    idColumn: sql`t.id`,
    groupBy: sql`t.id`,
    toCells: (r) => [r.id, iso(r.created_at), r.kind, money(r.amount_minor), r.wallets, r.memo],
  };
}

/** One keyset page: rows with an id below `beforeId` (all when null), newest id first. */
export async function selectExportPage<Row extends Record<string, unknown> & { id: string }>(
  db: DbOrTx,
  spec: ExportSpec<Row>,
  input: { beforeId: string | null; limit: number },
): Promise<Row[]> {
  const keyset = input.beforeId === null ? sql`` : sql`AND ${spec.idColumn} < ${input.beforeId}::bigint`;
  const result = await db.execute(sql`
    SELECT ${spec.columns} FROM ${spec.from} WHERE ${spec.where} ${keyset}
    ${spec.groupBy ? sql`GROUP BY ${spec.groupBy}` : sql``}
    ORDER BY ${spec.idColumn} DESC LIMIT ${input.limit}`);
  return result.rows as Row[];
}

export type { ExportName };
