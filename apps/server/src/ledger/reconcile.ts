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
  /**
   * Rows a dropped foreign key or unique index would have refused (decision 065; the movement function guarantees
   * them): postings or transfers without their transaction, postings without their account, transactions or transfers
   * naming a member that does not exist, two transfers under one idempotency key.
   */
  orphans: { check: string; id: bigint }[];
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
  const orphans = await orphanRows(db);
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
    orphans,
    ok: false,
  };
  report.ok =
    report.mismatches.length === 0 &&
    report.unbalanced.length === 0 &&
    report.negative.length === 0 &&
    report.totals.length === 0 &&
    report.orphans.length === 0;
  return report;
}

/** What the foreign keys and the unique index dropped by migration 0521 refused, looked for (decision 065). */
async function orphanRows(db: DbOrTx): Promise<ReconcileReport['orphans']> {
  const rows = await db.execute<{ check: string; id: string }>(sql`
    SELECT * FROM (
      SELECT 'posting without its transaction' AS check, p.id::text AS id FROM ledger_postings p
        WHERE NOT EXISTS (SELECT 1 FROM ledger_transactions t WHERE t.id = p.transaction_id)
      UNION ALL SELECT 'posting without its account', p.id::text FROM ledger_postings p
        WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.id = p.account_id)
      UNION ALL SELECT 'transaction of a missing member', t.id::text FROM ledger_transactions t
        WHERE t.member_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM members m WHERE m.id = t.member_id)
      UNION ALL SELECT 'transfer without its transaction', f.id::text FROM transfers f
        WHERE NOT EXISTS (SELECT 1 FROM ledger_transactions t WHERE t.id = f.transaction_id)
      UNION ALL SELECT 'transfer of a missing member', f.id::text FROM transfers f
        WHERE NOT EXISTS (SELECT 1 FROM members m WHERE m.id = f.payer_id)
           OR NOT EXISTS (SELECT 1 FROM members m WHERE m.id = f.client_id)
      UNION ALL SELECT 'transfer key used twice', max(f.id)::text FROM transfers f
        GROUP BY f.idempotency_key HAVING count(*) > 1
    ) o ORDER BY 1, 2 LIMIT 1000`);
  return rows.rows.map((row) => ({ check: row.check, id: BigInt(row.id) }));
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
    `balance mismatches: ${report.mismatches.length}, unbalanced transactions: ${report.unbalanced.length}, negative wallets: ${report.negative.length}, member total mismatches: ${report.totals.length}, orphan rows: ${report.orphans.length}`,
  ];
  for (const m of report.mismatches.slice(0, 20))
    lines.push(`  mismatch ${m.code}: cached ${m.cachedMinor} posted ${m.postedMinor}`);
  for (const u of report.unbalanced.slice(0, 20))
    lines.push(`  unbalanced transaction ${u.transactionId}: sum ${u.sumMinor}, ${u.legs} legs`);
  for (const n of report.negative.slice(0, 20)) lines.push(`  negative ${n.code}: ${n.balanceMinor}`);
  for (const m of report.totals.slice(0, 20))
    lines.push(`  member total ${m.memberId} ${m.bucket}: stored ${m.storedMinor} ledger ${m.ledgerMinor}`);
  for (const o of report.orphans.slice(0, 20)) lines.push(`  ${o.check}: ${o.id}`);
  lines.push(report.ok ? 'LEDGER OK' : 'LEDGER BROKEN');
  return lines.join('\n');
}
