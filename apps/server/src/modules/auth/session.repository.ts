import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { members, sessions } from '../../db/schema.ts';

export async function insertSession(
  db: DbOrTx,
  values: { memberId: bigint; tokenHash: string; expiresAt: Date; ip: string; userAgent: string | null },
): Promise<void> {
  await db.insert(sessions).values(values);
}

/** The member behind a live (unexpired, unrevoked) session token hash. */
export async function findSessionMember(db: DbOrTx, tokenHash: string) {
  const rows = await db
    .select({
      sessionId: sessions.id,
      id: members.id,
      username: members.username,
      status: members.status,
      role: members.role,
      countryId: members.countryId,
    })
    .from(sessions)
    .innerJoin(members, eq(members.id, sessions.memberId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return rows[0] ?? null;
}

export async function revokeSession(db: DbOrTx, sessionId: bigint): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

export async function revokeMemberSessions(db: DbOrTx, memberId: bigint, exceptSessionId?: bigint): Promise<void> {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.memberId, memberId), isNull(sessions.revokedAt)));
  for (const row of rows) {
    if (row.id !== exceptSessionId) await revokeSession(db, row.id);
  }
}
