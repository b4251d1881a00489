import { sql } from 'drizzle-orm';
import { parseDbMinor } from '@tuzo/contracts';
import type { DbOrTx } from '../db/client.ts';

export interface ReconcileReport {
  accounts: number;
  transactions: number;
  postings: number;
  /** Accounts whose cached balance differs from the sum of their postings. */
  mismatches: { code: string; cachedMinor: bigint; postedMinor: bigint }[];
  /** Transactions whose postings do not sum to zero (or have fewer than two). */
  unbalanced: { transactionId: bigint; sumMinor: bigint; legs: number }[];
  /** Accounts that must not go negative but do, by cache or by postings. */
  negative: { code: string; balanceMinor: bigint }[];
  /** Member running totals (member_totals) that differ from the ledger (view member_totals_from_ledger). */
  totals: { memberId: bigint; bucket: string; storedMinor: bigint; ledgerMinor: bigint }[];
  ok: boolean;
}

/**
 * Recomputes every account from the postings and checks the ledger's invariants. Read-only; runs in one
 * REPEATABLE READ snapshot when given a pool connection inside a transaction (see reconcile-cli.ts).
 */
export async function reconcileLedger(db: DbOrTx): Promise<ReconcileReport> {
  const counts = await db.execute<{ accounts: string; transactions: string; postings: string }>(sql`
    SELECT (SELECT count(*) FROM ledger_accounts) AS accounts,
           (SELECT count(*) FROM ledger_transactions) AS transactions,
           (SELECT count(*) FROM ledger_postings) AS postings`);
  const { mismatches, negative } = await checkAccounts(db);
  const unbalanced = await db.execute<{ id: string; total: string; legs: string }>(sql`
    SELECT t.id, COALESCE(SUM(p.amount_minor), 0) AS total, count(p.id) AS legs
    FROM ledger_transactions t LEFT JOIN ledger_postings p ON p.transaction_id = t.id
    GROUP BY t.id HAVING COALESCE(SUM(p.amount_minor), 0) <> 0 OR count(p.id) < 2
    ORDER BY t.id LIMIT 1000`);
  const totals = await memberTotalMismatches(db);
  const count = counts.rows[0];
  const report: ReconcileReport = {
    accounts: Number(count?.accounts ?? 0),
    transactions: Number(count?.transactions ?? 0),
    postings: Number(count?.postings ?? 0),
    mismatches,
    unbalanced: unbalanced.rows.map((row) => ({
      transactionId: BigInt(row.id),
      sumMinor: parseDbMinor(row.total),
      legs: Number(row.legs),
    })),
    negative,
    totals,
    ok: false,
  };
  report.ok =
    report.mismatches.length === 0 &&
    report.unbalanced.length === 0 &&
    report.negative.length === 0 &&
    report.totals.length === 0;
  return report;
}

/** Accounts whose cached balance differs from their postings, and accounts that must not go negative but do. */
async function checkAccounts(db: DbOrTx) {
  const accounts = await db.execute<{ code: string; allow_negative: boolean; balance_minor: string; posted: string }>(sql`
    SELECT a.code, a.allow_negative, a.balance_minor, COALESCE(SUM(p.amount_minor), 0) AS posted
    FROM ledger_accounts a LEFT JOIN ledger_postings p ON p.account_id = a.id
    GROUP BY a.id ORDER BY a.id`);
  const mismatches: ReconcileReport['mismatches'] = [];
  const negative: ReconcileReport['negative'] = [];
  for (const row of accounts.rows) {
    const cached = parseDbMinor(row.balance_minor);
    const posted = parseDbMinor(row.posted);
    if (row.allow_negative) continue; // No cached balance is kept for these (see ledger.ts).
    if (cached !== posted) mismatches.push({ code: row.code, cachedMinor: cached, postedMinor: posted });
    if (posted < 0n || cached < 0n) negative.push({ code: row.code, balanceMinor: posted < cached ? posted : cached });
  }
  return { mismatches, negative };
}

/** Member running totals (member_totals) and the top-earners table (member_earnings) that differ from the ledger. */
async function memberTotalMismatches(db: DbOrTx): Promise<ReconcileReport['totals']> {
  const totals = await db.execute<{ member_id: string; bucket: string; stored: string; ledger: string }>(sql`
    SELECT COALESCE(s.member_id, l.member_id)::text AS member_id, COALESCE(s.bucket, l.bucket) AS bucket,
           COALESCE(s.total_minor, 0)::text AS stored, COALESCE(l.total_minor, 0)::text AS ledger
    FROM member_totals s FULL JOIN member_totals_from_ledger l ON l.member_id = s.member_id AND l.bucket = s.bucket
    WHERE COALESCE(s.total_minor, 0) <> COALESCE(l.total_minor, 0)
    ORDER BY 1, 2 LIMIT 1000`);
  // The overview's top-earners table (migration 0170) follows member_totals by trigger; it must equal the ledger too.
  const earnings = await db.execute<{ member_id: string; stored: string; ledger: string }>(sql`
    SELECT COALESCE(e.member_id, l.member_id)::text AS member_id,
           COALESCE(e.total_minor, 0)::text AS stored, COALESCE(l.total_minor, 0)::text AS ledger
    FROM member_earnings e
    FULL JOIN (SELECT member_id, SUM(total_minor) AS total_minor FROM member_totals_from_ledger
               WHERE member_earnings_bucket(bucket) GROUP BY member_id) l ON l.member_id = e.member_id
    WHERE COALESCE(e.total_minor, 0) <> COALESCE(l.total_minor, 0)
    ORDER BY 1 LIMIT 1000`);
  const toTotal = (row: { member_id: string; stored: string; ledger: string }, bucket: string) => ({
    memberId: BigInt(row.member_id),
    bucket,
    storedMinor: parseDbMinor(row.stored),
    ledgerMinor: parseDbMinor(row.ledger),
  });
  return [...totals.rows.map((row) => toTotal(row, row.bucket)), ...earnings.rows.map((row) => toTotal(row, 'member_earnings'))];
}

export function formatReconcileReport(report: ReconcileReport): string {
  const lines = [
    `accounts ${report.accounts}, transactions ${report.transactions}, postings ${report.postings}`,
    `balance mismatches: ${report.mismatches.length}, unbalanced transactions: ${report.unbalanced.length}, negative wallets: ${report.negative.length}, member total mismatches: ${report.totals.length}`,
  ];
  for (const m of report.mismatches.slice(0, 20))
    lines.push(`  mismatch ${m.code}: cached ${m.cachedMinor} posted ${m.postedMinor}`);
  for (const u of report.unbalanced.slice(0, 20))
    lines.push(`  unbalanced transaction ${u.transactionId}: sum ${u.sumMinor}, ${u.legs} legs`);
  for (const n of report.negative.slice(0, 20)) lines.push(`  negative ${n.code}: ${n.balanceMinor}`);
  for (const m of report.totals.slice(0, 20))
    lines.push(`  member total ${m.memberId} ${m.bucket}: stored ${m.storedMinor} ledger ${m.ledgerMinor}`);
  lines.push(report.ok ? 'LEDGER OK' : 'LEDGER BROKEN');
  return lines.join('\n');
}
