import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { checkStaffPassword, hashPassword, hashToken, endOpenSessions, newOpaqueToken } from '../auth/index.ts';
import { selectMemberByCredential, selectMemberCredentialById, updatePasswordHash } from '../members/index.ts';
import { takeHit } from '../rate-limits/index.ts';
import { queueMail } from './mailer.ts';
import { consumePasswordReset, insertPasswordReset, retireMemberResets } from './password-reset.repository.ts';
import { deleteMemberResetTokens, readdressOutboxMail } from './reset-erasure.repository.ts';

/** The mail outbox, for the other mails Tuzo sends (an email change's confirmation link, decision 040). */
export { queueMail } from './mailer.ts';

export const RESET_TTL_MS = 30 * 60_000;
export const RESET_MAILS_PER_HOUR = 3;
export const FORGOT_ANSWER = 'If an account matches, a reset link has been sent.';
const INVALID_LINK = 'This reset link is invalid or has expired';

/**
 * A closed account's reset tokens, removed, and the mail sent to its address kept without the address (decision
 * 040): the outbox rows stay as a record that a mail went out, addressed to the pseudonym. Runs in the closure's
 * transaction (`tx`), so both happen with the rest of the erasure or not at all.
 */
export async function eraseMemberResets(
  tx: DbOrTx,
  input: { memberId: bigint; email: string; pseudonym: string },
): Promise<void> {
  await deleteMemberResetTokens(tx, input.memberId);
  await readdressOutboxMail(tx, { email: input.email, pseudonym: input.pseudonym });
}

/**
 * Creates a one-time reset token (only its hash is stored) and mails the link. The caller always gives the same
 * answer, found or not, so the form cannot be used to learn which usernames or emails exist.
 */
export async function requestPasswordReset(deps: AppDeps, credential: string): Promise<void> {
  const member = await selectMemberByCredential(deps.db, credential);
  if (!member || member.isHouse) return;
  // At most RESET_MAILS_PER_HOUR mails per account, shared by every process: the answer stays the same either way.
  const hit = await takeHit(deps, { key: `reset:${member.id}`, limit: { max: RESET_MAILS_PER_HOUR, windowMs: 3_600_000 } });
  if (!hit.isAllowed) {
    deps.log.warn({ memberId: member.id.toString() }, 'password reset mail not sent: hourly limit for this account');
    return;
  }
  const { token } = await issueResetToken(deps, deps.db, member.id);
  await mailResetLink(deps, { token, to: member.email, username: member.username, sentBy: 'member' });
}

/**
 * The one reset link, for "forgot password" and for an operator's `adminresetlink`: a one-time token valid
 * RESET_TTL_MS, of which only the hash is stored (in `db`, the caller's transaction when it has one).
 */
export async function issueResetToken(deps: AppDeps, db: DbOrTx, memberId: bigint): Promise<{ token: string; expiresAt: Date }> {
  const token = newOpaqueToken();
  const createdAt = deps.clock.now();
  const expiresAt = new Date(createdAt.getTime() + RESET_TTL_MS);
  await insertPasswordReset(db, { memberId, tokenHash: hashToken(token), expiresAt, createdAt });
  return { token, expiresAt };
}

const RESET_MAIL_INTRO = {
  member: 'Someone asked to reset the password of your Tuzo account. To choose a new password, open this link:',
  support: 'Our support team sent you this link to choose a new password for your Tuzo account:',
} as const;

/** Mails the reset link; the token is a secret the outbox and the log never hold (decision 020). */
export async function mailResetLink(
  deps: AppDeps,
  input: { token: string; to: string; username: string; sentBy: keyof typeof RESET_MAIL_INTRO },
): Promise<void> {
  const link = `${deps.publicUrl()}/forgot-password?token=${encodeURIComponent(input.token)}`;
  await queueMail(deps, {
    kind: 'password_reset',
    to: input.to,
    subject: 'Reset your Tuzo password',
    text: [
      `Hello ${input.username},`,
      '',
      RESET_MAIL_INTRO[input.sentBy],
      link,
      '',
      'The link works once and expires in 30 minutes. If you did not ask for it, ignore this message.',
    ].join('\n'),
    secrets: [input.token, encodeURIComponent(input.token)],
  });
}

/** Sets the new password for a live token (staff: 12 characters or more), spends it (and the member's other tokens) and signs out everywhere. */
export async function resetPassword(deps: AppDeps, input: { token: string; newpassword: string }): Promise<void> {
  const passwordHash = await hashPassword(input.newpassword);
  await deps.db.transaction(async (tx) => {
    const at = deps.clock.now();
    const memberId = await consumePasswordReset(tx, { tokenHash: hashToken(input.token), at });
    if (memberId === null) throw new AppError('BAD_REQUEST', INVALID_LINK);
    // A staff account needs a staff-length password; refusing here rolls back, so the link still works.
    const member = await selectMemberCredentialById(tx, memberId);
    if (member) checkStaffPassword(member.role, input.newpassword);
    await retireMemberResets(tx, { memberId, at });
    await updatePasswordHash(tx, { memberId, passwordHash });
    await endOpenSessions(tx, { memberId, at });
  });
}
