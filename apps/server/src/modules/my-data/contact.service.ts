import type { ChangeEmailData, ChangePhoneData } from '@tuzo/contracts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { writeOwnChangeAudit } from '../audit/index.ts';
import { hashToken, newOpaqueToken, verifyPassword } from '../auth/index.ts';
import { selectContactOwner, selectMemberContact, updateMemberDetails, type MemberContactRow } from '../members/index.ts';
import { queueMail } from '../password-reset/index.ts';
import { TAKEN_MESSAGES, normalisePhone } from '../registration/index.ts';
import { sendPhoneCode } from '../phone-changes/index.ts';
import { consumeEmailChange, insertEmailChange } from './contact.repository.ts';

/**
 * A member corrects their email or phone (Data Protection Act 2019 s.40, rectification; decision 040). Both need the
 * member's password. The email changes only when the link mailed to the new address is opened (only its hash is
 * stored, valid EMAIL_CHANGE_TTL_MS), which proves the address is theirs; the phone changes when the code sent by SMS
 * to the new phone is entered (phone-changes module, decision 045), which then holds withdrawals for a while.
 * The same uniqueness rules and messages as sign-up; the unique indexes decide under concurrency.
 */
export const EMAIL_CHANGE_TTL_MS = 24 * 3_600_000;
const WRONG_PASSWORD = 'Password is incorrect';
const INVALID_LINK = 'This confirmation link is invalid or has expired';

async function confirmedContact(deps: AppDeps, memberId: bigint, password: string): Promise<MemberContactRow> {
  const member = await selectMemberContact(deps.db, memberId);
  if (!member) throw new AppError('NOT_FOUND', 'Member not found');
  if (!(await verifyPassword(member.passwordHash, password))) throw new AppError('BAD_REQUEST', WRONG_PASSWORD);
  return member;
}

/** `changeemail`: checks the address is free, stores the token's hash and mails the link to the new address. */
export async function requestEmailChange(
  deps: AppDeps,
  input: { memberId: bigint; email: string; password: string; ip: string },
): Promise<ChangeEmailData> {
  const member = await confirmedContact(deps, input.memberId, input.password);
  const email = input.email.trim();
  if (email.toLowerCase() === member.email.toLowerCase()) throw new AppError('CONFLICT', 'This is already your email');
  if (await selectContactOwner(deps.db, { memberId: input.memberId, email }))
    throw new AppError('CONFLICT', TAKEN_MESSAGES.email);
  const token = newOpaqueToken();
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + EMAIL_CHANGE_TTL_MS);
  await deps.db.transaction(async (tx) => {
    await insertEmailChange(tx, { memberId: input.memberId, newEmail: email, tokenHash: hashToken(token), at: now, expiresAt });
    await writeOwnChangeAudit(tx, input.memberId, 'member.email_change_requested', {
      before: { email: member.email },
      after: { pendingEmail: email },
      ip: input.ip,
    });
  });
  const link = `${deps.publicUrl()}/confirm-email?token=${encodeURIComponent(token)}`;
  await queueMail(deps, {
    kind: 'email_change',
    to: email,
    subject: 'Confirm your new Tuzo email',
    text: [
      `Hello ${member.username},`,
      '',
      'To make this address the email of your Tuzo account, open this link:',
      link,
      '',
      'The link works once and expires in 24 hours. If you did not ask for it, ignore this message.',
    ].join('\n'),
    secrets: [token, encodeURIComponent(token)],
  });
  return { pending_email: email, expires_at: expiresAt.toISOString() };
}

/** `confirmemail`: spends the token and sets the address, unless another member took it meanwhile (409). */
export async function confirmEmailChange(deps: AppDeps, input: { token: string; ip: string }): Promise<{ email: string }> {
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const change = await consumeEmailChange(tx, { tokenHash: hashToken(input.token), at: now });
    if (!change) throw new AppError('BAD_REQUEST', INVALID_LINK);
    const member = await selectMemberContact(tx, change.memberId);
    if (!member || member.closedAt) throw new AppError('BAD_REQUEST', INVALID_LINK);
    if (await selectContactOwner(tx, { memberId: change.memberId, email: change.newEmail }))
      throw new AppError('CONFLICT', TAKEN_MESSAGES.email);
    await updateMemberDetails(tx, { memberId: change.memberId, email: change.newEmail, at: now });
    await writeOwnChangeAudit(tx, change.memberId, 'member.email_changed', {
      before: { email: member.email },
      after: { email: change.newEmail },
      ip: input.ip,
    });
    return { email: change.newEmail };
  });
}

/**
 * `changephone`: normalised with the member's dial code as at sign-up and free; then a code goes by SMS to the new
 * phone and the phone changes only on `confirmphone` with it (decision 045).
 */
export async function changePhone(
  deps: AppDeps,
  input: { memberId: bigint; phone: string; password: string; ip: string },
): Promise<ChangePhoneData> {
  const member = await confirmedContact(deps, input.memberId, input.password);
  const phone = normalisePhone(input.phone, member.dial);
  if (phone === member.phone) throw new AppError('CONFLICT', 'This is already your phone number');
  if (await selectContactOwner(deps.db, { memberId: input.memberId, phone }))
    throw new AppError('CONFLICT', TAKEN_MESSAGES.phone);
  return sendPhoneCode(deps, { memberId: input.memberId, oldPhone: member.phone, newPhone: phone, ip: input.ip });
}
