import { ACCESS_LINK_TTL_MINUTES, type AccessLinkData, type LoginData } from '@tuzo/contracts';
import type { AuthMember } from '../../http/action.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { insertAccessLink, markAccessLinkUsed, selectAccessLinkForUpdate } from './access-link.repository.ts';
import { openSession } from './session.service.ts';
import { signInAnswer } from './sign-in-answer.ts';
import { hashToken, newOpaqueToken } from './tokens.ts';

export const ACCESS_LINK_TTL_MS = ACCESS_LINK_TTL_MINUTES * 60_000;
const NOT_VALID = 'This access link is not valid. Ask for a new one from your profile.';
const USED = 'This access link was already used. Ask for a new one from your profile.';
const EXPIRED = 'This access link has expired. Ask for a new one from your profile.';

/**
 * `accesslink`: a signed-in member asks for a link that opens Tuzo on another device as themselves. The token in it
 * works once, for ACCESS_LINK_TTL_MINUTES; only its hash is stored. Staff get none: their sign-in needs the
 * authenticator, and nobody issues a link for someone else (no impersonation).
 */
export async function issueAccessLink(deps: AppDeps, input: { member: AuthMember; ip: string }): Promise<AccessLinkData> {
  if (input.member.role !== 'member')
    throw new AppError('FORBIDDEN', 'Staff sign in with their password and authenticator code; access links are for members');
  const token = newOpaqueToken();
  const createdAt = deps.clock.now();
  const expiresAt = new Date(createdAt.getTime() + ACCESS_LINK_TTL_MS);
  await insertAccessLink(deps.db, {
    memberId: input.member.id,
    tokenHash: hashToken(token),
    createdAt,
    expiresAt,
    createdIp: input.ip,
  });
  return { link: `${deps.publicUrl()}/access/${token}`, expires_at: expiresAt.toISOString() };
}

/**
 * `accessexchange`: spends a live link and opens a normal session for its member, in one transaction (a second use,
 * even a concurrent one, finds it used). The link is spent only once the person confirmed: without `confirm` the
 * answer is CONFIRM_SIGN_IN, naming whose link it is and who is signed in on this browser, whether or not anyone is
 * (a link planted by someone else must not sign a browser in unasked: login CSRF, decision 047).
 */
export async function exchangeAccessLink(
  deps: AppDeps,
  input: { token: string; isConfirmed: boolean; current: AuthMember | null; ip: string; userAgent: string | null },
): Promise<LoginData> {
  const now = deps.clock.now();
  const { accessToken, memberId } = await deps.db.transaction(async (tx) => {
    const link = await selectAccessLinkForUpdate(tx, hashToken(input.token));
    if (!link || link.role !== 'member' || link.isHouse) throw new AppError('BAD_REQUEST', NOT_VALID);
    if (link.usedAt) throw new AppError('BAD_REQUEST', USED);
    if (link.expiresAt.getTime() <= now.getTime()) throw new AppError('BAD_REQUEST', EXPIRED);
    if (!input.isConfirmed) {
      const signedInAs = input.current?.username ?? null;
      throw new AppError(
        'CONFIRM_SIGN_IN',
        signedInAs !== null && signedInAs !== link.username
          ? `You are signed in as ${signedInAs} on this browser. This link signs in ${link.username}.`
          : `Sign in as ${link.username}?`,
        { link_for: link.username, signed_in_as: signedInAs },
      );
    }
    if (link.status === 'suspended') throw new AppError('ACCOUNT_SUSPENDED', 'Your account has been suspended');
    await markAccessLinkUsed(tx, { id: link.id, at: now, ip: input.ip });
    const token = await openSession(deps, tx, {
      memberId: link.memberId,
      role: link.role,
      ip: input.ip,
      userAgent: input.userAgent,
    });
    return { accessToken: token, memberId: link.memberId };
  });
  const userData = await signInAnswer().userData(deps, memberId);
  return { access_token: accessToken, user_data: userData, lastupdate: userData.userdetails.lastupdate };
}
