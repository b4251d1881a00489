import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { members } from '../../db/schema.ts';

export async function isUsernameTaken(db: DbOrTx, username: string): Promise<boolean> {
  const rows = await db
    .select({ id: members.id })
    .from(members)
    .where(sql`lower(${members.username}) = ${username.toLowerCase()}`)
    .limit(1);
  return rows.length > 0;
}

export async function isEmailTaken(db: DbOrTx, email: string): Promise<boolean> {
  const rows = await db
    .select({ id: members.id })
    .from(members)
    .where(sql`lower(${members.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return rows.length > 0;
}

export async function isPhoneTaken(db: DbOrTx, phone: string): Promise<boolean> {
  const rows = await db.select({ id: members.id }).from(members).where(eq(members.phone, phone)).limit(1);
  return rows.length > 0;
}

/** The sponsor named in a sign-up link, with the two levels above them; a staff account is nobody's sponsor. */
export async function selectSponsorByUsername(db: DbOrTx, username: string) {
  const rows = await db
    .select({ id: members.id, l1Id: members.l1Id, l2Id: members.l2Id })
    .from(members)
    .where(sql`lower(${members.username}) = ${username.toLowerCase()} AND ${members.role} = 'member'`)
    .limit(1);
  return rows[0] ?? null;
}

export async function selectHouseAccount(db: DbOrTx) {
  const rows = await db
    .select({ id: members.id, l1Id: members.l1Id, l2Id: members.l2Id })
    .from(members)
    .where(eq(members.isHouse, true))
    .limit(1);
  return rows[0] ?? null;
}
