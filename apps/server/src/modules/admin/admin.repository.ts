import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { members } from '../../db/schema.ts';

/** A member by username (case-insensitive), for operator actions. */
export async function selectMemberByUsername(db: DbOrTx, username: string) {
  const rows = await db
    .select({ id: members.id, username: members.username, status: members.status, isHouse: members.isHouse })
    .from(members)
    .where(sql`lower(${members.username}) = ${username.toLowerCase()}`)
    .limit(1);
  return rows[0] ?? null;
}

export async function selectMemberById(db: DbOrTx, id: bigint) {
  const rows = await db.select({ id: members.id, username: members.username }).from(members).where(eq(members.id, id)).limit(1);
  return rows[0] ?? null;
}
