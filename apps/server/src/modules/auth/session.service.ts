import type { AuthMember } from '../../actions/types.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { findSessionMember, insertSession } from './session.repository.ts';
import { hashToken, newOpaqueToken } from './tokens.ts';

/** Creates a session for the member and returns the bearer token (the only time it exists in clear). */
export async function createSession(
  deps: AppDeps,
  input: { memberId: bigint; ip: string; userAgent: string | null },
): Promise<string> {
  const token = newOpaqueToken();
  const expiresAt = new Date(Date.now() + deps.config.SESSION_TTL_HOURS * 3_600_000);
  await insertSession(deps.db, { memberId: input.memberId, tokenHash: hashToken(token), expiresAt, ip: input.ip, userAgent: input.userAgent });
  return token;
}

/** Resolves `Authorization: Bearer <token>` to the signed-in member, or null. */
export async function resolveBearer(deps: AppDeps, authorization: string | undefined): Promise<AuthMember | null> {
  if (!authorization) return null;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(authorization.trim());
  if (!match?.[1]) return null;
  return findSessionMember(deps.pool, { tokenHash: hashToken(match[1]), now: deps.clock.now() });
}
