import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { members, tariffBrackets, withdrawals } from '../../db/schema.ts';

export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type NewWithdrawal = typeof withdrawals.$inferInsert;

export async function selectWithdrawalByKey(db: DbOrTx, idempotencyKey: string): Promise<WithdrawalRow | null> {
  const rows = await db.select().from(withdrawals).where(eq(withdrawals.idempotencyKey, idempotencyKey)).limit(1);
  return rows[0] ?? null;
}

export async function insertWithdrawal(tx: DbOrTx, values: NewWithdrawal): Promise<WithdrawalRow> {
  const rows = await tx.insert(withdrawals).values(values).returning();
  const row = rows[0];
  if (!row) throw new Error('Inserting a withdrawal returned no row');
  return row;
}

/** Locks one withdrawal for a decision (FOR UPDATE): a second operator waits and then sees the new status. */
export async function lockWithdrawal(tx: DbOrTx, id: bigint): Promise<WithdrawalRow | null> {
  const rows = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update').limit(1);
  return rows[0] ?? null;
}

export async function markWithdrawalDecided(
  tx: DbOrTx,
  input: { id: bigint; status: 1 | 2; settleTransactionId: bigint; decidedBy: bigint },
): Promise<void> {
  await tx
    .update(withdrawals)
    .set({ status: input.status, settleTransactionId: input.settleTransactionId, decidedBy: input.decidedBy, decidedAt: new Date() })
    .where(and(eq(withdrawals.id, input.id), eq(withdrawals.status, 0)));
}

export async function selectMemberWithdrawals(db: DbOrTx, memberId: bigint, limit: number) {
  return db
    .select({
      id: withdrawals.id,
      amountLocalMinor: withdrawals.amountLocalMinor,
      feeLocalMinor: withdrawals.feeLocalMinor,
      status: withdrawals.status,
      createdAt: withdrawals.createdAt,
    })
    .from(withdrawals)
    .where(eq(withdrawals.memberId, memberId))
    .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
    .limit(limit);
}

/** Operator list: newest first, optionally one status, with the member's username and phone. */
export async function selectWithdrawalsPage(db: DbOrTx, input: { status?: 0 | 1 | 2; offset: number; limit: number }) {
  const where: SQL | undefined = input.status === undefined ? undefined : eq(withdrawals.status, input.status);
  const rows = await db
    .select({
      id: withdrawals.id,
      username: members.username,
      phone: members.phone,
      wallet: withdrawals.wallet,
      amountLocalMinor: withdrawals.amountLocalMinor,
      feeLocalMinor: withdrawals.feeLocalMinor,
      currency: withdrawals.currency,
      amountSystemMinor: withdrawals.amountSystemMinor,
      feeSystemMinor: withdrawals.feeSystemMinor,
      status: withdrawals.status,
      createdAt: withdrawals.createdAt,
      decidedAt: withdrawals.decidedAt,
      decidedBy: withdrawals.decidedBy,
    })
    .from(withdrawals)
    .innerJoin(members, eq(members.id, withdrawals.memberId))
    .where(where)
    .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
    .offset(input.offset)
    .limit(input.limit);
  const totals = await db.select({ total: count() }).from(withdrawals).where(where);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** The country's withdrawal tariff, local minor units. */
export async function selectTariff(db: DbOrTx, countryId: number) {
  return db
    .select({ minMinor: tariffBrackets.minMinor, maxMinor: tariffBrackets.maxMinor, tariffMinor: tariffBrackets.tariffMinor })
    .from(tariffBrackets)
    .where(eq(tariffBrackets.countryId, countryId))
    .orderBy(asc(tariffBrackets.minMinor))
    .limit(100);
}
