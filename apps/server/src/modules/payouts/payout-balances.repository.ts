import { parseDbMinor, type PayoutProvider } from '@tuzo/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/** The payout balances' SQL (table payout_balances, one row per provider and currency: migrations 0300, 0381, 0510). */

export interface BalanceKey {
  provider: PayoutProvider;
  currency: string;
}

/** Stores a reported balance unless a later report is already stored. */
export async function upsertBalance(
  db: DbOrTx,
  input: BalanceKey & { balanceMinor: bigint; source: string; at: Date },
): Promise<void> {
  await db.execute(sql`
    INSERT INTO payout_balances (provider, currency, balance_minor, source, reported_at)
    VALUES (${input.provider}, ${input.currency}, ${input.balanceMinor}, ${input.source}, ${input.at})
    ON CONFLICT (provider, currency) DO UPDATE SET balance_minor = EXCLUDED.balance_minor,
      source = EXCLUDED.source, reported_at = EXCLUDED.reported_at
    WHERE payout_balances.reported_at <= EXCLUDED.reported_at`);
}

/** The stored balance of a provider in one currency, locked (the low-balance alert judges it). */
export async function lockBalance(db: DbOrTx, key: BalanceKey): Promise<{ balanceMinor: bigint; lowSince: Date | null } | null> {
  const rows = await db.execute<{ balance_minor: string; low_since: string | Date | null }>(sql`
    SELECT balance_minor::text AS balance_minor, low_since FROM payout_balances
    WHERE provider = ${key.provider} AND currency = ${key.currency} FOR UPDATE`);
  const row = rows.rows[0];
  return row
    ? { balanceMinor: parseDbMinor(row.balance_minor), lowSince: row.low_since === null ? null : new Date(row.low_since) }
    : null;
}

export async function setBalanceLowSince(db: DbOrTx, key: BalanceKey, lowSince: Date | null): Promise<void> {
  await db.execute(sql`
    UPDATE payout_balances SET low_since = ${lowSince} WHERE provider = ${key.provider} AND currency = ${key.currency}`);
}

/**
 * The rate (micro-units of `currency` per system unit) of the countries paid in `currency`, the default country's
 * first; null when no country uses it (the alert is then compared as it is written).
 */
export async function selectCurrencyRate(db: DbOrTx, currency: string): Promise<bigint | null> {
  const rows = await db.execute<{ rate_micro: string }>(sql`
    SELECT rate_micro::text AS rate_micro FROM countries WHERE currency = ${currency}
    ORDER BY is_default DESC, id LIMIT 1`);
  const row = rows.rows[0];
  return row ? BigInt(row.rate_micro) : null;
}

/** Active operators: each is told when a payout balance falls low. */
export async function selectActiveOperatorIds(db: DbOrTx): Promise<bigint[]> {
  const rows = await db.execute<{ id: string }>(
    sql`SELECT id::text FROM members WHERE role = 'operator' AND disabled_at IS NULL ORDER BY id`,
  );
  return rows.rows.map((row) => BigInt(row.id));
}
