import type { StaffEnrolmentData } from '@tuzo/contracts';
import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { writeAudit } from '../audit/index.ts';
import {
  checkStaffPassword,
  hashPassword,
  hashToken,
  endOpenSessions,
  newOpaqueToken,
  unusablePasswordHash,
} from '../auth/index.ts';
import { resolveSignupCountry } from '../countries/index.ts';
import { insertStaff, updatePasswordHash } from '../members/index.ts';
import { findStaffCreators } from '../approvals/index.ts';
import {
  insertEnrolment,
  isUsernameOrEmailTaken,
  markEnrolmentUsed,
  selectLiveEnrolment,
  selectStaffForUpdate,
} from './staff.repository.ts';
import { hasUsedEnrolment } from './staff-enrolment.repository.ts';

/**
 * A new staff account's enrolment (decision 044): nobody but the new staff member chooses its password. A one-time
 * link, of which only the hash is stored, valid ENROLMENT_TTL_MS, sets the password once; the account then enrols
 * its authenticator at its first sign-in (decision 015). Links come from an approved `staff_create` (shown by
 * `adminstaffenrolment` to the operator who asked or the one who approved, to hand over) or from the server-side
 * command `npm run staff:enrol` (the bootstrap of a second operator).
 */

export const ENROLMENT_TTL_MS = 72 * 60 * 60 * 1000;
const INVALID_LINK = 'This enrolment link is invalid, used or expired; ask an operator for a new one';

type EnrolDeps = Pick<AppDeps, 'clock' | 'publicUrl'>;

export function enrolmentLink(deps: EnrolDeps, token: string): string {
  return `${deps.publicUrl()}/staff-enrol?token=${encodeURIComponent(token)}`;
}

/** A new one-time link for the account (earlier unused ones stop working), in the caller's transaction. */
export async function issueEnrolment(
  deps: EnrolDeps,
  db: DbOrTx,
  input: { memberId: bigint; issuedBy: 'approval' | 'server' },
): Promise<{ token: string; link: string; expiresAt: Date }> {
  const token = newOpaqueToken();
  const at = deps.clock.now();
  const expiresAt = new Date(at.getTime() + ENROLMENT_TTL_MS);
  await insertEnrolment(db, { memberId: input.memberId, tokenHash: hashToken(token), issuedBy: input.issuedBy, at, expiresAt });
  return { token, link: enrolmentLink(deps, token), expiresAt };
}

/**
 * `adminstaffenrolment`: a fresh enrolment link for a staff account created through the console that has not set its
 * password yet, for the operator who asked for it or the one who approved it only (the account never decides their
 * requests, so holding its link gains them nothing). Audited; the link itself is never stored or logged.
 */
export async function issueEnrolmentByOperator(
  deps: AppDeps,
  input: { username: string; operatorId: bigint; ip: string },
): Promise<{ username: string; link: string; expires_at: string }> {
  return deps.db.transaction(async (tx) => {
    const row = await selectStaffForUpdate(tx, input.username);
    if (!row) throw new AppError('NOT_FOUND', 'No staff account has that username');
    const creators = await findStaffCreators(tx, row.id);
    if (!creators.includes(input.operatorId))
      throw new AppError(
        'FORBIDDEN',
        'Only the operator who asked for this account or the one who approved it can hand over its link',
      );
    if (await hasUsedEnrolment(tx, row.id))
      throw new AppError(
        'ALREADY_DONE',
        `${row.username} has already set a password; a lost authenticator is reset by a request`,
      );
    const issued = await issueEnrolment(deps, tx, { memberId: row.id, issuedBy: 'approval' });
    await writeAudit(tx, {
      actorId: input.operatorId,
      action: 'staff.enrolment_link',
      targetType: 'member',
      targetId: row.id,
      after: { expiresAt: issued.expiresAt.toISOString() },
      ip: input.ip,
    });
    return { username: row.username, link: issued.link, expires_at: issued.expiresAt.toISOString() };
  });
}

/** `staffenrolment`: which account a live link enrols (the page names it before the password is chosen). */
export async function readEnrolment(deps: AppDeps, token: string): Promise<StaffEnrolmentData> {
  const live = await selectLiveEnrolment(deps.db, { tokenHash: hashToken(token), at: deps.clock.now(), lock: false });
  if (!live) throw new AppError('BAD_REQUEST', INVALID_LINK);
  return {
    username: live.username,
    role: live.role === 'operator' ? 'operator' : 'support',
    expires_at: live.expiresAt.toISOString(),
  };
}

/** `staffenrol`: the new staff member sets their own password; the link is spent in the same transaction. */
export async function enrolStaff(
  deps: AppDeps,
  input: { token: string; password: string; ip: string },
): Promise<{ username: string }> {
  const passwordHash = await hashPassword(input.password);
  return deps.db.transaction(async (tx) => {
    const at = deps.clock.now();
    const live = await selectLiveEnrolment(tx, { tokenHash: hashToken(input.token), at, lock: true });
    if (!live) throw new AppError('BAD_REQUEST', INVALID_LINK);
    checkStaffPassword(live.role === 'operator' ? 'operator' : 'support', input.password);
    await markEnrolmentUsed(tx, { id: live.id, at });
    await updatePasswordHash(tx, { memberId: live.memberId, passwordHash });
    await endOpenSessions(tx, { memberId: live.memberId, at });
    await writeAudit(tx, {
      actorId: live.memberId,
      action: 'staff.enrol',
      targetType: 'member',
      targetId: live.memberId,
      after: { password: 'set by the staff member' },
      ip: input.ip,
    });
    return { username: live.username };
  });
}

/**
 * `npm run staff:enrol` (the server-side command, decision 044): whoever runs the server creates a staff account, or
 * gets a fresh link for one that has not set its password yet, and is printed its enrolment link. This is how a
 * second operator comes to exist while only one does: the console alone cannot make one (a `staff_create` request
 * waits for a second operator).
 */
export async function enrolStaffByServer(
  deps: EnrolDeps & { db: DbOrTx },
  input: { username: string; email: string; role: 'support' | 'operator' },
): Promise<{ username: string; link: string; expiresAt: Date; isNew: boolean }> {
  return deps.db.transaction(async (tx) => {
    const existing = await selectStaffForUpdate(tx, input.username);
    if (existing) {
      if (await hasUsedEnrolment(tx, existing.id))
        throw new AppError('ALREADY_DONE', `${existing.username} has already set a password`);
      const issued = await issueEnrolment(deps, tx, { memberId: existing.id, issuedBy: 'server' });
      await writeAudit(tx, {
        actorId: null,
        action: 'staff.enrolment_link',
        targetType: 'member',
        targetId: existing.id,
        after: { by: 'server', expiresAt: issued.expiresAt.toISOString() },
      });
      return { username: existing.username, link: issued.link, expiresAt: issued.expiresAt, isNew: false };
    }
    if (await isUsernameOrEmailTaken(tx, input)) throw new AppError('CONFLICT', 'That username or email is already taken');
    const row = await insertStaffAccount(deps, tx, input);
    const issued = await issueEnrolment(deps, tx, { memberId: row.id, issuedBy: 'server' });
    await writeAudit(tx, {
      actorId: null,
      action: 'staff.create_by_server',
      targetType: 'member',
      targetId: row.id,
      after: { username: input.username, email: input.email, role: input.role, expiresAt: issued.expiresAt.toISOString() },
    });
    return { username: row.username, link: issued.link, expiresAt: issued.expiresAt, isNew: true };
  });
}

/**
 * A new staff account, not yet enrolled: no usable password, and no real phone (a value outside every dial plan keeps
 * the unique index satisfied, as the seed does).
 */
export async function insertStaffAccount(
  deps: Pick<AppDeps, 'clock'>,
  tx: DbOrTx,
  input: { username: string; email: string; role: Parameters<typeof insertStaff>[1]['role'] },
) {
  const country = await resolveSignupCountry(tx, undefined);
  return insertStaff(tx, {
    username: input.username,
    email: input.email,
    phone: `+000${input.username.toLowerCase()}`,
    passwordHash: await unusablePasswordHash(),
    countryId: country.id,
    role: input.role,
    at: deps.clock.now(),
  });
}
