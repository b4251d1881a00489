import { SESSION_FROM_FEED, type AuthMember, type SessionRead } from '../../http/action.ts';
import { FeedCache, type ChangeFeed } from '../../lib/change-feed.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { findSessionMember, insertSession, revokeOpenSessions, type SessionTimes } from './session.repository.ts';
import { hashToken, newOpaqueToken } from './tokens.ts';

/** Staff sessions last at most 12 hours and end after 30 minutes without a request (decision 021). */
export const STAFF_SESSION_MS = 12 * 3_600_000;
export const STAFF_IDLE_SECONDS = 30 * 60;

type Role = AuthMember['role'];

/** How long a new session of `role` may live, and how long it may sit unused. Members' lengths come from config. */
export function sessionLengths(deps: AppDeps, role: Role): { lifetimeMs: number; idleSeconds: number } {
  if (role !== 'member') return { lifetimeMs: STAFF_SESSION_MS, idleSeconds: STAFF_IDLE_SECONDS };
  return { lifetimeMs: deps.config.SESSION_TTL_HOURS * 3_600_000, idleSeconds: deps.config.SESSION_IDLE_HOURS * 3600 };
}

interface NewSession {
  memberId: bigint;
  role: Role;
  ip: string;
  userAgent: string | null;
}

/** Creates a session for the member and returns the bearer token (the only time it exists in clear). */
export async function createSession(deps: AppDeps, input: NewSession): Promise<string> {
  return openSession(deps, deps.db, input);
}

/** `createSession` inside a transaction the caller holds (an access link is spent and the session opened together). */
export async function openSession(deps: AppDeps, db: DbOrTx, input: NewSession): Promise<string> {
  const token = newOpaqueToken();
  const createdAt = deps.clock.now();
  const { lifetimeMs, idleSeconds } = sessionLengths(deps, input.role);
  await insertSession(db, {
    memberId: input.memberId,
    tokenHash: hashToken(token),
    createdAt,
    expiresAt: new Date(createdAt.getTime() + lifetimeMs),
    idleSeconds,
    ip: input.ip,
    userAgent: input.userAgent,
  });
  return token;
}

/** The bearer token of an `Authorization: Bearer <token>` header, or null for anything else. */
export function bearerTokenOf(authorization: string | undefined): string | null {
  if (!authorization) return null;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(authorization.trim());
  return match?.[1] ?? null;
}

/**
 * Resolves `Authorization: Bearer <token>` to the signed-in member, or null. A background poll does not count as use
 * of a staff session (see findSessionMember).
 */
export async function resolveBearer(
  deps: AppDeps,
  authorization: string | undefined,
  options: { isBackgroundPoll?: boolean } = {},
): Promise<AuthMember | null> {
  return (await resolveBearerWith(deps, authorization, options))?.member ?? null;
}

/**
 * `resolveBearer` that also reads an action's `sessionRead` columns in the same statement: the member and that row,
 * or null when the token resolves to nobody.
 */
export async function resolveBearerWith(
  deps: AppDeps,
  authorization: string | undefined,
  options: { isBackgroundPoll?: boolean; read?: SessionRead },
): Promise<{ member: AuthMember; row: Record<string, unknown> } | null> {
  const token = bearerTokenOf(authorization);
  if (token === null) return null;
  const now = deps.clock.now();
  const { read } = options;
  const tokenHash = hashToken(token);
  const kept = deps.changes ? keptSessions(deps.changes) : null;
  if (kept && read?.mayUseKeptSession) {
    const member = keptMember(kept.find(tokenHash), now);
    if (member) return { member, row: FROM_FEED_ROW };
  }
  const stamp = deps.changes?.stamp() ?? null;
  const found = await findSessionMember(deps.pool, {
    tokenHash,
    now,
    isBackgroundPoll: options.isBackgroundPoll ?? false,
    read: read ? { name: read.name, columns: read.columns, joins: read.joins, values: read.values(deps, now) } : undefined,
  });
  if (!found) return null;
  if (kept && stamp) kept.keep(tokenHash, found.member.id, stamp, { member: Object.freeze(found.member), ...found.times });
  return { member: found.member, row: found.row };
}

/** What the session cache keeps per token hash: the member's facts and when the session ends (decision 064). */
interface KeptSession extends SessionTimes {
  member: AuthMember;
}

const FROM_FEED_ROW: Record<string, unknown> = Object.freeze({ [SESSION_FROM_FEED]: true });
const keptByFeed = new WeakMap<ChangeFeed, FeedCache<KeptSession>>();

/** The process's sessions, kept while the change feed is live (one set per feed: tests run several apps). */
function keptSessions(feed: ChangeFeed): FeedCache<KeptSession> {
  let kept = keptByFeed.get(feed);
  if (!kept) {
    kept = new FeedCache<KeptSession>(feed);
    keptByFeed.set(feed, kept);
  }
  return kept;
}

/**
 * The kept session's member while findSessionMember would answer the same without writing: before its expiry, inside
 * its idle timeout, and before the use would be recorded (1/30 of the idle timeout since the last record); otherwise
 * null, and the request checks the session in PostgreSQL (which records the use and keeps the session again).
 */
function keptMember(kept: KeptSession | null, now: Date): AuthMember | null {
  if (!kept) return null;
  const at = now.getTime();
  const lastSeen = kept.lastSeenAt.getTime();
  if (at >= kept.expiresAt.getTime()) return null;
  return at * 30 < lastSeen * 30 + kept.idleSeconds * 1000 ? kept.member : null;
}

/**
 * The one way a member's sessions end (sign-out everywhere): every open session of the account at `at`, but
 * `exceptSessionId` (the session that made the change) when given; returns how many ended. Sessions belong to the
 * auth module; other modules end them through this function only.
 */
export async function endOpenSessions(
  db: DbOrTx,
  input: { memberId: bigint; at: Date; exceptSessionId?: bigint },
): Promise<number> {
  return revokeOpenSessions(db, input);
}
