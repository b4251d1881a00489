import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accessLinks, members } from '../../db/schema.ts';

export async function insertAccessLink(
  db: DbOrTx,
  values: { memberId: bigint; tokenHash: string; createdAt: Date; expiresAt: Date; createdIp: string },
): Promise<void> {
  await db.insert(accessLinks).values(values);
}

export interface AccessLinkRow {
  id: bigint;
  memberId: bigint;
  expiresAt: Date;
  usedAt: Date | null;
  username: string;
  role: 'member' | 'support' | 'operator';
  status: 'inactive' | 'active' | 'suspended';
  isHouse: boolean;
}

/** The link with this token hash and its member, locked: two exchanges of one link queue here and the second sees it used. */
export async function selectAccessLinkForUpdate(db: DbOrTx, tokenHash: string): Promise<AccessLinkRow | null> {
  const rows = await db
    .select({
      id: accessLinks.id,
      memberId: accessLinks.memberId,
      expiresAt: accessLinks.expiresAt,
      usedAt: accessLinks.usedAt,
      username: members.username,
      role: members.role,
      status: members.status,
      isHouse: members.isHouse,
    })
    .from(accessLinks)
    .innerJoin(members, eq(members.id, accessLinks.memberId))
    .where(eq(accessLinks.tokenHash, tokenHash))
    .limit(1)
    .for('update', { of: accessLinks });
  return rows[0] ?? null;
}

export async function markAccessLinkUsed(db: DbOrTx, input: { id: bigint; at: Date; ip: string }): Promise<void> {
  await db
    .update(accessLinks)
    .set({ usedAt: input.at, usedIp: input.ip })
    .where(sql`${accessLinks.id} = ${input.id} AND ${accessLinks.usedAt} IS NULL`);
}
