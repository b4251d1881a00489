import { eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { members } from '../../db/schema.ts';

export interface CredentialRow {
  id: bigint;
  username: string;
  email: string;
  passwordHash: string;
  status: 'inactive' | 'active' | 'suspended';
  role: 'member' | 'support' | 'operator';
  isHouse: boolean;
  updatedAt: Date;
  totpEnabledAt: Date | null;
  disabledAt: Date | null;
}

const credentialColumns = {
  id: members.id,
  username: members.username,
  email: members.email,
  passwordHash: members.passwordHash,
  status: members.status,
  role: members.role,
  isHouse: members.isHouse,
  updatedAt: members.updatedAt,
  totpEnabledAt: members.totpEnabledAt,
  disabledAt: members.disabledAt,
};

/** The member whose username or email equals `credential`, case-insensitively (both are unique on lower()). */
export async function selectMemberByCredential(db: DbOrTx, credential: string): Promise<CredentialRow | null> {
  const lowered = credential.toLowerCase();
  const rows = await db
    .select(credentialColumns)
    .from(members)
    .where(or(sql`lower(${members.username}) = ${lowered}`, sql`lower(${members.email}) = ${lowered}`))
    .orderBy(sql`(lower(${members.username}) = ${lowered}) DESC`)
    .limit(1);
  return rows[0] ?? null;
}

export async function selectMemberCredentialById(db: DbOrTx, id: bigint): Promise<CredentialRow | null> {
  const rows = await db.select(credentialColumns).from(members).where(eq(members.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function updatePasswordHash(db: DbOrTx, input: { memberId: bigint; passwordHash: string }): Promise<void> {
  await db.update(members).set({ passwordHash: input.passwordHash }).where(eq(members.id, input.memberId));
}
