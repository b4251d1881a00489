import { sql } from 'drizzle-orm';
import { parseDbMinor } from '@tuzo/contracts';
import type { Db } from '../../db/client.ts';

/**
 * The figures `/metrics` reads from PostgreSQL on each scrape: a few aggregates, each on an index (payouts by state,
 * the pending deposits, notifications and code reviews, the small `payout_balances`), and the SMS outbox by state.
 * No member id leaves this file: every figure is a count, a sum or an oldest time.
 */
export interface MoneyFigures {
  payoutsInFlight: Record<string, number>;
  payoutsSettledDay: Record<string, number>;
  oldestUnknownPayout: Date | null;
  paidDay: Array<{ provider: string; currency: string; paidMinor: bigint }>;
  balances: Array<{ provider: string; currency: string; balanceMinor: bigint; reportedAt: Date }>;
  sms: Record<string, number>;
  awaiting: Array<{ kind: string; count: number; oldest: Date | null }>;
}

interface FiguresRow extends Record<string, unknown> {
  live: Record<string, number>;
  settled: Record<string, number>;
  oldest_unknown: string | null;
  paid: Array<{ provider: string; currency: string; paid: string }>;
  balances: Array<{ provider: string; currency: string; balance: string; reported_at: string }>;
  sms: Record<string, number>;
  awaiting: Array<{ kind: string; n: number; oldest: string | null }>;
}

const at = (value: string | null): Date | null => (value === null ? null : new Date(value));

/** One statement, one round trip: `dayAgo` is the app clock's now minus 24 hours. */
export async function readMoneyFigures(db: Db, dayAgo: Date): Promise<MoneyFigures> {
  const since = dayAgo.toISOString();
  const result = await db.execute<FiguresRow>(sql`
    SELECT
      (SELECT COALESCE(json_object_agg(state, n), '{}') FROM (
         SELECT state, count(*) AS n FROM payouts WHERE state IN ('approved', 'sent', 'unknown') GROUP BY state) s
      ) AS live,
      (SELECT COALESCE(json_object_agg(state, n), '{}') FROM (
         SELECT state, count(*) AS n FROM payouts WHERE state IN ('paid', 'failed') AND created_at >= ${since}::timestamptz
         GROUP BY state) s
      ) AS settled,
      (SELECT min(unknown_since) FROM payouts WHERE state = 'unknown') AS oldest_unknown,
      (SELECT COALESCE(json_agg(p), '[]') FROM (
         SELECT provider, currency, sum(amount_minor)::text AS paid FROM payouts
         WHERE state = 'paid' AND created_at >= ${since}::timestamptz GROUP BY provider, currency) p
      ) AS paid,
      (SELECT COALESCE(json_agg(b), '[]') FROM (
         SELECT provider, currency, balance_minor::text AS balance, reported_at FROM payout_balances
         ORDER BY provider, currency LIMIT 50) b
      ) AS balances,
      (SELECT COALESCE(json_object_agg(state, n), '{}') FROM (
         SELECT state, count(*) AS n FROM sms_outbox GROUP BY state) s
      ) AS sms,
      (SELECT json_agg(a) FROM (
         SELECT 'stk_push' AS kind, count(*) AS n, min(created_at) AS oldest FROM deposits
         WHERE status = 0 AND method = 'stkpush'
         UNION ALL
         SELECT 'transaction_code', count(*), min(received_at) FROM payment_notifications WHERE verification = 'pending'
         UNION ALL
         SELECT 'code_review', count(*), min(created_at) FROM code_reviews WHERE status = 'pending') a
      ) AS awaiting`);
  const row = result.rows[0];
  if (!row) throw new Error('The metrics query returned no row');
  return {
    payoutsInFlight: row.live,
    payoutsSettledDay: row.settled,
    oldestUnknownPayout: at(row.oldest_unknown),
    paidDay: row.paid.map((p) => ({ provider: p.provider, currency: p.currency, paidMinor: parseDbMinor(p.paid) })),
    balances: row.balances.map((b) => ({
      provider: b.provider,
      currency: b.currency,
      balanceMinor: parseDbMinor(b.balance),
      reportedAt: new Date(b.reported_at),
    })),
    sms: row.sms,
    awaiting: row.awaiting.map((a) => ({ kind: a.kind, count: Number(a.n), oldest: at(a.oldest) })),
  };
}

/**
 * The ledger check: every posting summed (double entry makes it 0) and counted. One sequential read of
 * `ledger_postings`, so it runs at most once a minute whatever the scrape rate (observability.ts); the full
 * per-account reconcile stays `npm run reconcile`.
 */
export async function readLedgerImbalance(db: Db): Promise<{ imbalanceMinor: bigint; postings: number }> {
  const result = await db.execute<{ total: string; postings: string }>(sql`
    SELECT COALESCE(sum(amount_minor), 0)::text AS total, count(*)::text AS postings FROM ledger_postings`);
  const row = result.rows[0];
  return { imbalanceMinor: parseDbMinor(row?.total ?? '0'), postings: Number(row?.postings ?? 0) };
}
