import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { countries, members } from '../../db/schema.ts';

const SEED_LOCK_ID = 7_424_243;

/** Serialises seeding between processes that start together; released when the transaction ends. */
export async function lockSeed(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_ID})`);
}

export async function hasDefaultCountry(tx: DbOrTx): Promise<boolean> {
  const rows = await tx.select({ id: countries.id }).from(countries).where(eq(countries.isDefault, true)).limit(1);
  return rows.length > 0;
}

export async function selectHouse(tx: DbOrTx) {
  const rows = await tx.select({ id: members.id }).from(members).where(eq(members.isHouse, true)).limit(1);
  return rows[0] ?? null;
}

export async function selectMemberIdByUsername(tx: DbOrTx, username: string) {
  const rows = await tx
    .select({ id: members.id, role: members.role, isHouse: members.isHouse, l1Id: members.l1Id, l2Id: members.l2Id })
    .from(members)
    .where(sql`lower(${members.username}) = ${username.toLowerCase()}`)
    .limit(1);
  return rows[0] ?? null;
}

/** Members other than the house account and staff: demo content is only added to an empty system. */
export async function countRegularMembers(tx: DbOrTx): Promise<number> {
  const rows = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(members)
    .where(and(eq(members.isHouse, false), eq(members.role, 'member')));
  return rows[0]?.count ?? 0;
}
