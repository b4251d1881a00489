import type { AuthMember, SessionRead } from '../../http/action.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { findSessionMember, insertSession, revokeOpenSessions } from './session.repository.ts';
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
  return findSessionMember(deps.pool, {
    tokenHash: hashToken(token),
    now,
    isBackgroundPoll: options.isBackgroundPoll ?? false,
    read: read ? { name: read.name, columns: read.columns, joins: read.joins, values: read.values(deps, now) } : undefined,
  });
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
