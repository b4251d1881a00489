import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { activations, countries, countryFees, members } from '../../db/schema.ts';

/** Locks the member row (FOR UPDATE) with what activation needs: status, uplines and the country's fee row. */
export async function lockMemberForActivation(tx: DbOrTx, memberId: bigint) {
  const rows = await tx
    .select({
      id: members.id,
      username: members.username,
      status: members.status,
      l1Id: members.l1Id,
      l2Id: members.l2Id,
      l3Id: members.l3Id,
      currency: countries.currency,
      rateMicro: countries.rateMicro,
      abbreviation: countries.abbreviation,
      cregMinor: countryFees.cregMinor,
      fl1Minor: countryFees.fl1Minor,
      fl2Minor: countryFees.fl2Minor,
      fl3Minor: countryFees.fl3Minor,
    })
    .from(members)
    .innerJoin(countries, eq(countries.id, members.countryId))
    .leftJoin(countryFees, eq(countryFees.countryId, members.countryId))
    .where(eq(members.id, memberId))
    .for('update', { of: members })
    .limit(1);
  return rows[0] ?? null;
}

export async function selectUplines(tx: DbOrTx, ids: readonly bigint[]) {
  if (ids.length === 0) return [];
  return (
    tx
      .select({
        id: members.id,
        username: members.username,
        status: members.status,
        isHouse: members.isHouse,
        countryId: countries.id,
        currency: countries.currency,
        rateMicro: countries.rateMicro,
      })
      .from(members)
      .innerJoin(countries, eq(countries.id, members.countryId))
      // Staff are not members and earn nothing: a staff account in a chain is left out, as if it were not there.
      .where(and(inArray(members.id, [...ids]), eq(members.role, 'member')))
  );
}

export async function selectNextGeneration(tx: DbOrTx, memberId: bigint): Promise<number> {
  const rows = await tx
    .select({ last: sql<string | null>`max(${activations.generation})` })
    .from(activations)
    .where(eq(activations.memberId, memberId));
  return Number(rows[0]?.last ?? 0) + 1;
}

export async function insertActivation(
  tx: DbOrTx,
  values: {
    memberId: bigint;
    generation: number;
    isFree: boolean;
    feeSystemMinor: bigint;
    activationTransactionId: bigint | null;
    activatedBy: bigint | null;
    createdAt: Date;
  },
): Promise<void> {
  await tx.insert(activations).values(values);
}

/** The member's current (not deactivated) activation, locked. */
export async function lockLiveActivation(tx: DbOrTx, memberId: bigint) {
  const rows = await tx
    .select({ id: activations.id, generation: activations.generation })
    .from(activations)
    .where(and(eq(activations.memberId, memberId), isNull(activations.deactivatedAt)))
    .orderBy(desc(activations.generation))
    .for('update')
    .limit(1);
  return rows[0] ?? null;
}

export async function markActivationDeactivated(tx: DbOrTx, input: { id: bigint; operatorId: bigint; at: Date }): Promise<void> {
  await tx
    .update(activations)
    .set({ deactivatedAt: input.at, deactivatedBy: input.operatorId })
    .where(eq(activations.id, input.id));
}

/** Ledger transactions by idempotency key (the commissions of one activation have derived keys). */
export async function selectTransactionsByKeys(tx: DbOrTx, keys: readonly string[]) {
  if (keys.length === 0) return [];
  const list = sql.join(
    keys.map((key) => sql`${key}`),
    sql`, `,
  );
  const result = await tx.execute<{ id: string; idempotency_key: string; member_id: string | null }>(
    sql`SELECT id, idempotency_key, member_id FROM ledger_transactions WHERE idempotency_key IN (${list}) ORDER BY id`,
  );
  return result.rows.map((row) => ({
    id: BigInt(row.id),
    key: row.idempotency_key,
    memberId: row.member_id === null ? null : BigInt(row.member_id),
  }));
}
