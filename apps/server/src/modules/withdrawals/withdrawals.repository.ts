import { and, eq, sql } from 'drizzle-orm';
import { parseDbMinor } from '@tuzo/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { rowFromJson } from '../../db/row-json.ts';
import { withdrawals } from '../../db/schema.ts';

export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type NewWithdrawal = typeof withdrawals.$inferInsert;

/** Locks one withdrawal for a decision (FOR UPDATE): a second operator waits and then sees the new status. */
export async function lockWithdrawal(tx: DbOrTx, id: bigint): Promise<WithdrawalRow | null> {
  const rows = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update').limit(1);
  return rows[0] ?? null;
}

/** The withdrawal as it stands, unlocked (to decide whether its approval needs a second operator). */
export async function selectWithdrawal(db: DbOrTx, id: bigint): Promise<WithdrawalRow | null> {
  const rows = await db.select().from(withdrawals).where(eq(withdrawals.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function markWithdrawalDecided(
  tx: DbOrTx,
  input: { id: bigint; status: 1 | 2; settleTransactionId: bigint; decidedBy: bigint | null; decidedAt: Date },
): Promise<void> {
  await tx
    .update(withdrawals)
    .set({
      status: input.status,
      settleTransactionId: input.settleTransactionId,
      decidedBy: input.decidedBy,
      decidedAt: input.decidedAt,
    })
    .where(and(eq(withdrawals.id, input.id), eq(withdrawals.status, 0)));
}

/**
 * The member's withdrawals, newest first, with the receipt or the failure reason of the latest payout attempt (the
 * payouts module's table; a withdrawal paid by hand has none).
 */
export async function selectMemberWithdrawals(db: DbOrTx, memberId: bigint, limit: number) {
  const rows = await db.execute<{
    amount_local_minor: string;
    fee_local_minor: string;
    status: number;
    created_at: string;
    receipt: string | null;
    failure_reason: string | null;
  }>(sql`
    SELECT w.amount_local_minor::text, w.fee_local_minor::text, w.status, w.created_at, p.receipt, p.failure_reason
    FROM withdrawals w
    LEFT JOIN LATERAL (SELECT receipt, failure_reason FROM payouts WHERE withdrawal_id = w.id ORDER BY attempt DESC LIMIT 1) p ON true
    WHERE w.member_id = ${memberId}
    ORDER BY w.created_at DESC, w.id DESC
    LIMIT ${limit}`);
  return rows.rows.map((row) => ({
    amountLocalMinor: parseDbMinor(row.amount_local_minor),
    feeLocalMinor: parseDbMinor(row.fee_local_minor),
    status: Number(row.status),
    createdAt: new Date(row.created_at),
    receipt: row.receipt,
    failureReason: row.failure_reason,
  }));
}

/** Whether a payout of this withdrawal is on its way (approved, sent or unknown): it then decides the withdrawal. */
export async function hasLivePayout(db: DbOrTx, withdrawalId: bigint): Promise<boolean> {
  const rows = await db.execute(
    sql`SELECT 1 FROM payouts WHERE withdrawal_id = ${withdrawalId} AND state IN ('approved', 'sent', 'unknown') LIMIT 1`,
  );
  return rows.rows.length > 0;
}

export interface WithdrawalContext {
  countryId: number;
  currency: string;
  rateMicro: bigint;
  minWithMinor: bigint;
  tariff: { minMinor: bigint; maxMinor: bigint; tariffMinor: bigint }[];
  walletMinor: bigint;
  /** Where the member's payouts go: their phone and their country's abbreviation (the provider is set per country). */
  payee: { phone: string; abbreviation: string };
  settings: Record<string, unknown>;
  /** The withdrawal already recorded under this idempotency key, if any. */
  earlier: WithdrawalRow | null;
}

/**
 * Everything a withdrawal request needs before it moves money, in one statement: the member's currency and rate,
 * the country's minimum and tariff, the wallet's balance, the payee (phone and country, for the provider's limits),
 * the settings asked for, and the withdrawal already recorded under the key (a replay answers with it before any
 * rule is checked again).
 */
export async function selectWithdrawalContext(
  db: DbOrTx,
  input: { memberId: bigint; wallet: string; idempotencyKey: string; settingKeys: readonly string[] },
): Promise<WithdrawalContext | null> {
  const keys = sql.join(
    input.settingKeys.map((key) => sql`${key}`),
    sql`, `,
  );
  const result = await db.execute<{
    country_id: number;
    currency: string;
    rate_micro: string;
    phone: string;
    abbreviation: string;
    min_with_minor: string | null;
    tariff: [string, string, string][] | null;
    wallet_minor: string | null;
    settings: Record<string, unknown> | null;
    earlier: unknown;
  }>(sql`
    SELECT c.id AS country_id, c.currency, c.rate_micro::text AS rate_micro, m.phone, c.abbreviation, f.min_with_minor::text AS min_with_minor,
           (SELECT json_agg(json_build_array(b.min_minor::text, b.max_minor::text, b.tariff_minor::text) ORDER BY b.min_minor)
              FROM tariff_brackets b WHERE b.country_id = c.id) AS tariff,
           (SELECT a.balance_minor::text FROM ledger_accounts a WHERE a.member_id = m.id AND a.wallet = ${input.wallet}) AS wallet_minor,
           (SELECT json_object_agg(s.key, s.value) FROM settings s WHERE s.key IN (${keys})) AS settings,
           (SELECT ledger_json_numbers_as_text(to_jsonb(w)) FROM withdrawals w WHERE w.idempotency_key = ${input.idempotencyKey}) AS earlier
    FROM members m
    JOIN countries c ON c.id = m.country_id
    LEFT JOIN country_fees f ON f.country_id = m.country_id
    WHERE m.id = ${input.memberId}`);
  const row = result.rows[0];
  if (!row) return null;
  return {
    countryId: row.country_id,
    currency: row.currency,
    rateMicro: parseDbMinor(row.rate_micro),
    minWithMinor: parseDbMinor(row.min_with_minor ?? '0'),
    tariff: (row.tariff ?? []).map(([min, max, tariff]) => ({
      minMinor: parseDbMinor(min),
      maxMinor: parseDbMinor(max),
      tariffMinor: parseDbMinor(tariff),
    })),
    walletMinor: parseDbMinor(row.wallet_minor ?? '0'),
    payee: { phone: row.phone, abbreviation: row.abbreviation },
    settings: row.settings ?? {},
    earlier: row.earlier ? rowFromJson(withdrawals, row.earlier) : null,
  };
}

/** The member's phone, country and currency: where a payout of their withdrawals goes. */
export async function selectPayee(db: DbOrTx, memberId: bigint) {
  const rows = await db.execute<{ phone: string; abbreviation: string; currency: string }>(sql`
    SELECT m.phone, c.abbreviation, c.currency FROM members m JOIN countries c ON c.id = m.country_id WHERE m.id = ${memberId}`);
  return rows.rows[0] ?? null;
}

/** What was paid or is on its way to one member on one operator day (states that may move money), in the currency paid. */
export async function sumMemberPayoutsOnDay(
  db: DbOrTx,
  input: { memberId: bigint; provider: 'mpesa_b2c' | 'flutterwave'; day: string; timeZone: string },
): Promise<bigint> {
  const rows = await db.execute<{ total: string }>(sql`
    SELECT COALESCE(SUM(amount_minor), 0)::text AS total FROM payouts
    WHERE member_id = ${input.memberId} AND provider = ${input.provider}
      AND (created_at AT TIME ZONE ${input.timeZone})::date = ${input.day}::date
      AND state IN ('approved', 'sent', 'unknown', 'paid')`);
  return parseDbMinor(rows.rows[0]?.total ?? '0');
}
