import type { ApprovalRequestedData } from '@tuzo/contracts';
import { runAfterCommit } from '../../lib/after-commit.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { writeAudit } from '../audit/index.ts';
import { loadFourEyesThreshold, requestApproval, type ApprovalRequestRow } from '../approvals/index.ts';
import { selectMemberContact } from '../members/index.ts';
import { applyPhoneChange, mailPhoneChanged } from '../phone-changes/index.ts';
import { normalisePhone } from '../registration/index.ts';
import { selectContactHolder } from './admin-members.repository.ts';
import { findTargetMemberById } from './admin-members.service.ts';

/**
 * An operator's change of a member's phone (decision 045): the phone is where the member's withdrawals are paid, so
 * it is always four-eyes. The number is normalised with the member's dial code (`+2547…`, `2547…` and `07…` are one
 * number) and checked free in that form, then stored as a request of kind `member_phone`; a different operator's
 * approval applies it (`executeMemberPhone`), tells the old phone and the email, and holds withdrawals like a
 * member's own change.
 */

const TAKEN = 'That phone belongs to another member';

async function assertPhoneFree(db: AppDeps['db'], input: { memberId: bigint; phone: string }): Promise<void> {
  // Rows an older console wrote without the "+" are found too.
  for (const phone of [input.phone, input.phone.replace(/^\+/, '')]) {
    if (await selectContactHolder(db, { memberId: input.memberId, phone })) throw new AppError('CONFLICT', TAKEN);
  }
}

/** The member's phone in its one stored form (E.164), refused when another member holds it; null when unchanged. */
export async function normaliseMemberPhone(
  deps: AppDeps,
  input: { memberId: bigint; phone: string },
): Promise<{ from: string; to: string } | null> {
  const contact = await selectMemberContact(deps.db, input.memberId);
  if (!contact) throw new AppError('NOT_FOUND', 'Member not found');
  const to = normalisePhone(input.phone, contact.dial);
  if (to === contact.phone || to.replace(/^\+/, '') === contact.phone) return null;
  await assertPhoneFree(deps.db, { memberId: input.memberId, phone: to });
  return { from: contact.phone, to };
}

/** The phone part of `adminupdatemember`: a request a different operator approves. */
export async function requestMemberPhoneChange(
  deps: AppDeps,
  input: { memberId: bigint; username: string; from: string; to: string; reason?: string; operatorId: bigint; ip: string },
): Promise<ApprovalRequestedData> {
  return requestApproval(deps, {
    kind: 'member_phone',
    requestedBy: input.operatorId,
    memberId: input.memberId,
    amountSystemMinor: null,
    amountMinor: null,
    currency: null,
    params: { username: input.username, member_id: input.memberId.toString(), from: input.from, to: input.to },
    targetRef: input.memberId.toString(),
    reason: input.reason ?? 'Change the member’s phone',
    ip: input.ip,
    thresholdMinor: await loadFourEyesThreshold(deps),
  });
}

/**
 * Executes an approved `member_phone` request inside the approval's transaction, on the member id it was made for.
 * Refused when the member's phone is no longer the one the request changes (it changed meanwhile) or the new number
 * was taken meanwhile.
 */
export async function executeMemberPhone(
  deps: AppDeps,
  request: ApprovalRequestRow,
  input: { approverId: bigint; ip: string },
): Promise<Record<string, string>> {
  const from = String(request.params.from ?? '');
  const to = String(request.params.to ?? '');
  if (request.memberId === null || to === '') throw new Error(`Approval request ${request.id} names no member or phone`);
  const member = await findTargetMemberById(deps.db, request.memberId, true);
  if (member.phone !== from) {
    throw new AppError('CONFLICT', `The member’s phone is now ${member.phone}, not ${from}; reject this request and ask again`);
  }
  await assertPhoneFree(deps.db, { memberId: request.memberId, phone: to });
  const at = deps.clock.now();
  const heldUntil = await applyPhoneChange(deps.db, deps, {
    memberId: request.memberId,
    oldPhone: from,
    newPhone: to,
    staffIds: [request.requestedBy, input.approverId],
    at,
  });
  await writeAudit(deps.db, {
    actorId: input.approverId,
    action: 'member.phone_changed',
    targetType: 'member',
    targetId: request.memberId,
    before: { phone: from },
    after: {
      phone: to,
      requestedBy: request.requestedBy.toString(),
      approvalId: request.id.toString(),
      withdrawalsHeldUntil: heldUntil?.toISOString() ?? null,
    },
    ip: input.ip,
  });
  const contact = await selectMemberContact(deps.db, request.memberId);
  if (contact) {
    const notice = { email: contact.email, username: contact.username, phone: to };
    await runAfterCommit(deps, (base) => mailPhoneChanged(base, notice));
  }
  return { username: member.username, phone: to, withdrawals_held_until: heldUntil?.toISOString() ?? '' };
}
