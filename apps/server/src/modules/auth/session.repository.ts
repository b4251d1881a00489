import { and, eq, isNull, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { DbOrTx } from '../../db/client.ts';
import { sessions } from '../../db/schema.ts';

export async function insertSession(
  db: DbOrTx,
  values: {
    memberId: bigint;
    tokenHash: string;
    createdAt: Date;
    expiresAt: Date;
    idleSeconds: number;
    ip: string;
    userAgent: string | null;
  },
): Promise<void> {
  await db.insert(sessions).values({ ...values, lastSeenAt: values.createdAt });
}

export interface SessionMemberRow {
  sessionId: bigint;
  id: bigint;
  username: string;
  status: 'inactive' | 'active' | 'suspended';
  role: 'member' | 'support' | 'operator';
  countryId: number;
  isTotpEnrolled: boolean;
  language: 'en' | 'sw';
}

/**
 * The member behind a live session token hash: not revoked, before its absolute expiry, and used within its idle
 * timeout. Every signed-in request runs it, so it is a named statement (parsed and planned once per connection) and
 * one round trip. It also records that the session was seen, but only when the last record is older than 1/30 of the
 * idle timeout (staff: a minute, members: hours), so the `userdata` poll does not write on every call; the timeout is
 * therefore honoured to within 1/30 of its length. The UPDATE never moves `last_seen_at` backwards. A background poll
 * (`isBackgroundPoll`: the timer-driven `userdata`) keeps a member's session alive but not a staff session.
 */
export async function findSessionMember(
  pool: pg.Pool,
  input: { tokenHash: string; now: Date; isBackgroundPoll: boolean },
): Promise<SessionMemberRow | null> {
  const result = await pool.query<{
    session_id: string;
    id: string;
    username: string;
    status: SessionMemberRow['status'];
    role: SessionMemberRow['role'];
    country_id: number;
    totp_enrolled: boolean;
    language: SessionMemberRow['language'];
  }>({
    name: 'session_member',
    // A disabled staff account's sessions stop resolving at once (its tokens are also revoked when it is disabled).
    text: `WITH found AS (
             SELECT s.id AS session_id, s.last_seen_at, s.idle_seconds, m.id, m.username, m.status, m.role, m.country_id,
                    m.totp_enabled_at IS NOT NULL AS totp_enrolled, m.language
             FROM sessions s JOIN members m ON m.id = s.member_id
             WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > $2::timestamptz
               AND s.last_seen_at + make_interval(secs => s.idle_seconds) > $2::timestamptz
               AND m.disabled_at IS NULL
             LIMIT 1
           ), seen AS (
             UPDATE sessions SET last_seen_at = $2::timestamptz
             FROM found
             WHERE sessions.id = found.session_id
               AND found.last_seen_at + make_interval(secs => found.idle_seconds / 30.0) <= $2::timestamptz
               AND sessions.last_seen_at < $2::timestamptz
               AND (NOT $3::boolean OR found.role = 'member')
             RETURNING sessions.id
           )
           SELECT session_id::text, id::text, username, status, role, country_id, totp_enrolled, language FROM found`,
    values: [input.tokenHash, input.now.toISOString(), input.isBackgroundPoll],
  });
  const row = result.rows[0];
  if (!row) return null;
  return {
    sessionId: BigInt(row.session_id),
    id: BigInt(row.id),
    username: row.username,
    status: row.status,
    role: row.role,
    countryId: row.country_id,
    isTotpEnrolled: row.totp_enrolled,
    language: row.language,
  };
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

/** Ends every open session of the member; returns how many. */
export async function revokeOpenSessions(db: DbOrTx, input: { memberId: bigint; at: Date }): Promise<number> {
  const result = await db.execute(sql`
    UPDATE sessions SET revoked_at = ${input.at.toISOString()}::timestamptz
    WHERE member_id = ${input.memberId} AND revoked_at IS NULL`);
  return result.rowCount ?? 0;
}
