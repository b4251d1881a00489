import { and, eq, isNull, ne } from 'drizzle-orm';
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
  phone: string;
  isTotpEnrolled: boolean;
  language: 'en' | 'sw';
}

/** When the session ends, as the statement read it (the session cache checks these with the app clock). */
export interface SessionTimes {
  expiresAt: Date;
  /** `last_seen_at` after the statement (the request's instant when it recorded the use). */
  lastSeenAt: Date;
  idleSeconds: number;
}

/** Extra columns read in the session lookup's statement (http/action.ts SessionRead, resolved to its values). */
export interface SessionReadQuery {
  name: string;
  columns: string;
  joins: string;
  values: unknown[];
}

/**
 * The member behind a live session token hash: not revoked, before its absolute expiry, and used within its idle
 * timeout. Every signed-in request runs it, so it is a named statement (parsed and planned once per connection) and
 * one round trip. It also records that the session was seen, but only when the last record is older than 1/30 of the
 * idle timeout (staff: a minute, members: hours), so the `userdata` poll does not write on every call; the timeout is
 * therefore honoured to within 1/30 of its length. The UPDATE never moves `last_seen_at` backwards. A background poll
 * (`isBackgroundPoll`: the timer-driven `userdata`) keeps a member's session alive but not a staff session.
 * With `read`, the same statement also returns the action's own columns over the member's row (`row`), so an action
 * such as `userdata` is answered in one round trip.
 */
export async function findSessionMember(
  pool: pg.Pool,
  input: { tokenHash: string; now: Date; isBackgroundPoll: boolean; read?: SessionReadQuery },
): Promise<{ member: SessionMemberRow; row: Record<string, unknown>; times: SessionTimes } | null> {
  const { read } = input;
  const result = await pool.query<SessionLookupRow>({
    name: read ? `session_member:${read.name}` : 'session_member',
    text: sessionLookupSql(read),
    values: [input.tokenHash, input.now.toISOString(), input.isBackgroundPoll, ...(read?.values ?? [])],
  });
  const first = result.rows[0];
  return first ? toSessionMember(first) : null;
}

interface SessionLookupRow {
  auth_session_id: string;
  auth_id: string;
  auth_username: string;
  auth_status: SessionMemberRow['status'];
  auth_role: SessionMemberRow['role'];
  auth_country_id: number;
  auth_phone: string;
  auth_totp_enrolled: boolean;
  auth_language: SessionMemberRow['language'];
  auth_expires_at: string;
  auth_last_seen_at: string;
  auth_idle_seconds: number;
  [column: string]: unknown;
}

/**
 * The lookup's statement. It also returns the session's expiry, idle length and `last_seen_at` as left by the
 * statement, which the session cache checks with the app clock (decision 064).
 */
function sessionLookupSql(read: SessionReadQuery | undefined): string {
  // A disabled staff account's sessions stop resolving at once (its tokens are also revoked when it is disabled).
  return `WITH found AS (
             SELECT s.id AS session_id, s.last_seen_at, s.idle_seconds, s.expires_at, m.id, m.username, m.status, m.role, m.country_id, m.phone,
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
           SELECT found.session_id::text AS auth_session_id, found.id::text AS auth_id, found.username AS auth_username,
                  found.status AS auth_status, found.role AS auth_role, found.country_id AS auth_country_id, found.phone AS auth_phone,
                  found.totp_enrolled AS auth_totp_enrolled, found.language AS auth_language,
                  to_json(found.expires_at) #>> '{}' AS auth_expires_at, found.idle_seconds AS auth_idle_seconds,
                  to_json(CASE WHEN EXISTS (SELECT 1 FROM seen) THEN $2::timestamptz ELSE found.last_seen_at END) #>> '{}'
                    AS auth_last_seen_at${read ? `,\n${read.columns}` : ''}
           FROM found${read ? ` JOIN members m ON m.id = found.id ${read.joins}` : ''}`;
}

function toSessionMember(first: SessionLookupRow): {
  member: SessionMemberRow;
  row: Record<string, unknown>;
  times: SessionTimes;
} {
  const {
    auth_session_id,
    auth_id,
    auth_username,
    auth_status,
    auth_role,
    auth_country_id,
    auth_phone,
    auth_totp_enrolled,
    auth_language,
    auth_expires_at,
    auth_last_seen_at,
    auth_idle_seconds,
    ...row
  } = first;
  return {
    member: {
      sessionId: BigInt(auth_session_id),
      id: BigInt(auth_id),
      username: auth_username,
      status: auth_status,
      role: auth_role,
      countryId: auth_country_id,
      phone: auth_phone,
      isTotpEnrolled: auth_totp_enrolled,
      language: auth_language,
    },
    row,
    times: {
      expiresAt: new Date(auth_expires_at),
      lastSeenAt: new Date(auth_last_seen_at),
      idleSeconds: auth_idle_seconds,
    },
  };
}

/** Ends one session (a sign-out) at `at`. */
export async function revokeSession(db: DbOrTx, input: { sessionId: bigint; at: Date }): Promise<void> {
  await db.update(sessions).set({ revokedAt: input.at }).where(eq(sessions.id, input.sessionId));
}

/** Ends every open session of the member at `at`, but `exceptSessionId` when given; returns how many ended. */
export async function revokeOpenSessions(
  db: DbOrTx,
  input: { memberId: bigint; at: Date; exceptSessionId?: bigint },
): Promise<number> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: input.at })
    .where(
      and(
        eq(sessions.memberId, input.memberId),
        isNull(sessions.revokedAt),
        input.exceptSessionId === undefined ? undefined : ne(sessions.id, input.exceptSessionId),
      ),
    )
    .returning({ id: sessions.id });
  return ended.length;
}
