import { and, eq, isNull } from 'drizzle-orm';
import type pg from 'pg';
import type { DbOrTx } from '../../db/client.ts';
import { sessions } from '../../db/schema.ts';

export async function insertSession(
  db: DbOrTx,
  values: { memberId: bigint; tokenHash: string; expiresAt: Date; ip: string; userAgent: string | null },
): Promise<void> {
  await db.insert(sessions).values(values);
}

export interface SessionMemberRow {
  sessionId: bigint;
  id: bigint;
  username: string;
  status: 'inactive' | 'active' | 'suspended';
  role: 'member' | 'support' | 'operator';
  countryId: number;
  isTotpEnrolled: boolean;
}

/**
 * The member behind a live (unexpired, unrevoked) session token hash. Every signed-in request runs it, so it is a
 * named statement (parsed and planned once per connection) rather than a query built on each call.
 */
export async function findSessionMember(pool: pg.Pool, input: { tokenHash: string; now: Date }): Promise<SessionMemberRow | null> {
  const result = await pool.query<{ session_id: string; id: string; username: string; status: SessionMemberRow['status']; role: SessionMemberRow['role']; country_id: number; totp_enrolled: boolean }>({
    name: 'session_member',
    // A disabled staff account's sessions stop resolving at once (its tokens are also revoked when it is disabled).
    text: `SELECT s.id::text AS session_id, m.id::text AS id, m.username, m.status, m.role, m.country_id,
                  m.totp_enabled_at IS NOT NULL AS totp_enrolled
           FROM sessions s JOIN members m ON m.id = s.member_id
           WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > $2 AND m.disabled_at IS NULL
           LIMIT 1`,
    values: [input.tokenHash, input.now.toISOString()],
  });
  const row = result.rows[0];
  if (!row) return null;
  return { sessionId: BigInt(row.session_id), id: BigInt(row.id), username: row.username, status: row.status, role: row.role, countryId: row.country_id, isTotpEnrolled: row.totp_enrolled };
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
