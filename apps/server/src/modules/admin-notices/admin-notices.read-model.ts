import { parseDbMinor, type PayoutProvider } from '@tuzo/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/**
 * Read model (docs/ARCHITECTURE.md, Owners): the console's notices read, read-only, the payouts module's balances
 * that are below the alert now (`low_since` set by payouts' recordPayoutBalance). It writes nothing.
 */
export async function selectLowBalances(
  db: DbOrTx,
): Promise<Array<{ provider: PayoutProvider; currency: string; balanceMinor: bigint; lowSince: Date }>> {
  const rows = await db.execute<{
    provider: PayoutProvider;
    currency: string;
    balance_minor: string;
    low_since: string | Date;
  }>(sql`
    SELECT provider, currency, balance_minor::text AS balance_minor, low_since FROM payout_balances
    WHERE low_since IS NOT NULL ORDER BY provider, currency LIMIT 20`);
  return rows.rows.map((row) => ({
    provider: row.provider,
    currency: row.currency,
    balanceMinor: parseDbMinor(row.balance_minor),
    lowSince: new Date(row.low_since),
  }));
}
