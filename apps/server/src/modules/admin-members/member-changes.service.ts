import type { AdminMemberStateData, AdminUpdateMemberPayload, MemberStatus } from '@tuzo/contracts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { activateForFree, deactivateMember } from '../activation/index.ts';
import { writeAudit } from '../audit/index.ts';
import { endOpenSessions, suspendAccount } from '../auth/index.ts';
import { setMemberStatus, updateMemberDetails } from '../members/index.ts';
import { issueResetToken, mailResetLink } from '../password-reset/index.ts';
import { countryExists, hasLiveActivation, selectContactHolder } from './admin-members.repository.ts';
import { findTargetMember } from './admin-members.service.ts';
import { normaliseMemberPhone, requestMemberPhoneChange } from './member-phone.service.ts';

/** Who acts, from where, and why: every change below is audited with it in the same transaction. */
export interface OperatorInput {
  username: string;
  reason?: string;
  operatorId: bigint;
  ip: string;
}

/**
 * `adminsuspend`: the member can no longer sign in or call the API, and every open session ends now. Their money
 * stays where it is; uplines stop earning from their activity (activation pays suspended uplines nothing).
 */
export async function suspendMember(deps: AppDeps, input: OperatorInput): Promise<AdminMemberStateData> {
  return deps.db.transaction(async (tx) => {
    const member = await findTargetMember(tx, input.username, true);
    if (member.status === 'suspended') throw new AppError('ALREADY_DONE', 'This member is already suspended');
    const at = deps.clock.now();
    const ended = await suspendAccount(tx, {
      memberId: BigInt(member.id),
      previousStatus: member.status,
      operatorId: input.operatorId,
      reason: input.reason ?? null,
      at,
      ip: input.ip,
    });
    return { username: member.username, status: 'suspended', sessions_ended: ended };
  });
}

/** `adminunsuspend`: back to active when an activation is live, else inactive. */
export async function unsuspendMember(deps: AppDeps, input: OperatorInput): Promise<AdminMemberStateData> {
  return deps.db.transaction(async (tx) => {
    const member = await findTargetMember(tx, input.username, true);
    if (member.status !== 'suspended') throw new AppError('ALREADY_DONE', 'This member is not suspended');
    const status: MemberStatus = (await hasLiveActivation(tx, BigInt(member.id))) ? 'active' : 'inactive';
    await setMemberStatus(tx, { memberId: BigInt(member.id), status, at: deps.clock.now() });
    await writeAudit(tx, {
      actorId: input.operatorId,
      action: 'member.unsuspend',
      targetType: 'member',
      targetId: member.id,
      before: { status: 'suspended' },
      after: { status, reason: input.reason ?? null },
      ip: input.ip,
    });
    return { username: member.username, status, sessions_ended: 0 };
  });
}

/** `adminsignout`: ends every open session of the member (they sign in again). */
export async function signOutEverywhere(deps: AppDeps, input: OperatorInput): Promise<AdminMemberStateData> {
  return deps.db.transaction(async (tx) => {
    const member = await findTargetMember(tx, input.username, true);
    const ended = await endOpenSessions(tx, { memberId: BigInt(member.id), at: deps.clock.now() });
    await writeAudit(tx, {
      actorId: input.operatorId,
      action: 'member.sign_out',
      targetType: 'member',
      targetId: member.id,
      before: null,
      after: { sessionsEnded: ended, reason: input.reason ?? null },
      ip: input.ip,
    });
    return { username: member.username, status: member.status, sessions_ended: ended };
  });
}

/**
 * `adminupdatemember`: email or country at once; a value another member holds is refused (409). A new phone is
 * normalised and becomes a four-eyes request (member-phone.service.ts, decision 045): `phone_approval_id` names it.
 */
export async function updateMember(
  deps: AppDeps,
  input: AdminUpdateMemberPayload & { operatorId: bigint; ip: string },
): Promise<AdminMemberStateData> {
  const target = await findTargetMember(deps.db, input.username);
  const phone =
    input.phone === undefined ? null : await normaliseMemberPhone(deps, { memberId: BigInt(target.id), phone: input.phone });
  const state = await deps.db.transaction(async (tx) => {
    const member = await findTargetMember(tx, input.username, true);
    const memberId = BigInt(member.id);
    if (input.email !== undefined) {
      const holder = await selectContactHolder(tx, { memberId, email: input.email });
      if (holder) throw new AppError('CONFLICT', `That ${holder.field} belongs to another member`);
    }
    if (input.country_id !== undefined && !(await countryExists(tx, input.country_id)))
      throw new AppError('NOT_FOUND', 'Country not found');
    await updateMemberDetails(tx, { memberId, email: input.email, countryId: input.country_id, at: deps.clock.now() });
    const changed = <T>(next: T | undefined, before: T) => (next === undefined || next === before ? undefined : next);
    const after = {
      email: changed(input.email, member.email),
      countryId: changed(input.country_id, member.country_id),
    };
    await writeAudit(tx, {
      actorId: input.operatorId,
      action: 'member.update',
      targetType: 'member',
      targetId: member.id,
      before: { email: member.email, phone: member.phone, countryId: member.country_id },
      after: { ...after, phoneRequested: phone?.to, reason: input.reason ?? null },
      ip: input.ip,
    });
    return { username: member.username, status: member.status, sessions_ended: 0 };
  });
  if (phone === null) return { ...state, phone_approval_id: null };
  const requested = await requestMemberPhoneChange(deps, {
    memberId: BigInt(target.id),
    username: target.username,
    ...phone,
    reason: input.reason,
    operatorId: input.operatorId,
    ip: input.ip,
  });
  return { ...state, phone_approval_id: requested.approval_id };
}

/**
 * `adminresetlink`: mails the member a one-time reset link (the same link the "forgot password" form sends, valid
 * 30 minutes). The operator never sees the token; `outbox` and the log never hold it (decision 020).
 */
export async function sendResetLink(deps: AppDeps, input: OperatorInput) {
  const { member, token, expiresAt } = await deps.db.transaction(async (tx) => {
    const target = await findTargetMember(tx, input.username);
    const issued = await issueResetToken(deps, tx, BigInt(target.id));
    await writeAudit(tx, {
      actorId: input.operatorId,
      action: 'member.reset_link',
      targetType: 'member',
      targetId: target.id,
      after: { email: target.email, expiresAt: issued.expiresAt.toISOString(), reason: input.reason ?? null },
      ip: input.ip,
    });
    return { member: target, ...issued };
  });
  await mailResetLink(deps, { token, to: member.email, username: member.username, sentBy: 'support' });
  return { username: member.username, email: member.email, expires_at: expiresAt.toISOString() };
}

/** `adminactivate`: activates the member for free through the activation module (the fee is an operator expense). */
export async function activateMemberFree(deps: AppDeps, input: OperatorInput) {
  const member = await findTargetMember(deps.db, input.username);
  return activateForFree(deps, { memberId: BigInt(member.id), operatorId: input.operatorId, ip: input.ip, reason: input.reason });
}

/** `admindeactivate`: deactivates the member through the activation module (upline commissions reversed). */
export async function deactivateMemberByName(deps: AppDeps, input: OperatorInput) {
  const member = await findTargetMember(deps.db, input.username);
  return deactivateMember(deps, {
    memberId: BigInt(member.id),
    operatorId: input.operatorId,
    ip: input.ip,
    reason: input.reason,
  });
}
