import {
  STAFF_PASSWORD_MESSAGE,
  STAFF_PASSWORD_MIN,
  type LoginData,
  type LoginPayload,
  type UpdatePasswordPayload,
} from '@tuzo/contracts';
import type { AuthMember } from '../../http/action.ts';
import { AppError } from '../../lib/errors.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { writeAudit } from '../audit/index.ts';
import { recordSignals } from '../fraud-signals/index.ts';
import {
  selectMemberByCredential,
  selectMemberCredentialById,
  updatePasswordHash,
  type CredentialRow,
} from '../members/index.ts';
import { admitLoginAttempt, clearLoginAttempts } from './login-lockout.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords.ts';
import { revokeSession } from './session.repository.ts';
import { signInAnswer } from './sign-in-answer.ts';
import { createSession, endOpenSessions } from './session.service.ts';
import { checkSecondFactor } from './totp.service.ts';

/** A closed account's sign-in rows, removed (decision 040). */
/** Password checks other modules need: a member confirming a change, and the unusable hash of a closed account. */
export { unusablePasswordHash, verifyPassword } from './passwords.ts';

const INVALID_CREDENTIALS = 'Invalid username or password';

type LoginInput = LoginPayload & { ip: string; userAgent: string | null; device?: string | null };

/** Staff passwords have at least STAFF_PASSWORD_MIN characters at every change; members keep the spec's rules. */
export function checkStaffPassword(role: CredentialRow['role'], password: string): void {
  if (role !== 'member' && password.length < STAFF_PASSWORD_MIN) throw new AppError('VALIDATION_FAILED', STAFF_PASSWORD_MESSAGE);
}

/**
 * Wrong credentials answer 400, not 401: the client treats any 401 as "Session expired". The house account has an
 * unusable password and is refused outright; a suspended member (or disabled staff account) is told so only after the
 * right password, and staff with two-factor sign-in need its code as well. Every password check on an account is
 * counted by the shared login lockout (login-lockout.ts) before it runs. Staff sign-ins and failed staff passwords
 * are audited (`auth.staff_login`, `auth.staff_login_failed`).
 */
export async function login(deps: AppDeps, input: LoginInput): Promise<LoginData> {
  const member = await selectMemberByCredential(deps.db, input.username);
  if (!member || member.isHouse) {
    await burnPasswordCheck(input.password);
    throw new AppError('BAD_REQUEST', INVALID_CREDENTIALS);
  }
  const attempt = { memberId: member.id, ip: input.ip };
  await admitLoginAttempt(deps, attempt);
  const isStaff = member.role !== 'member';
  if (!(await verifyPassword(member.passwordHash, input.password))) {
    if (isStaff)
      await writeAudit(deps.db, {
        actorId: null,
        action: 'auth.staff_login_failed',
        targetType: 'member',
        targetId: member.id,
        after: { reason: 'password' },
        ip: input.ip,
      });
    throw new AppError('BAD_REQUEST', INVALID_CREDENTIALS);
  }
  await clearLoginAttempts(deps, attempt);
  if (member.status === 'suspended') throw new AppError('ACCOUNT_SUSPENDED', 'Your account has been suspended');
  if (member.disabledAt) {
    await writeAudit(deps.db, {
      actorId: null,
      action: 'auth.staff_login_failed',
      targetType: 'member',
      targetId: member.id,
      after: { reason: 'disabled' },
      ip: input.ip,
    });
    throw new AppError('ACCOUNT_SUSPENDED', 'This staff account has been disabled');
  }
  // Two-factor sign-in (staff): the password alone answers TOTP_REQUIRED; see docs/decisions/015-staff-roles-and-totp.md.
  if (member.totpEnabledAt) await checkSecondFactor(deps, { memberId: member.id, totp: input.totp, ip: input.ip });
  const accessToken = await createSession(deps, {
    memberId: member.id,
    role: member.role,
    ip: input.ip,
    userAgent: input.userAgent,
  });
  // Multi-account signals of members (decision 061): the device and address of each sign-in.
  if (!isStaff) {
    const signals = { device: input.device ?? null, ip: input.ip };
    await deps.db.transaction((tx) =>
      recordSignals(tx, deps, { memberId: member.id, event: 'signin', at: deps.clock.now(), signals }),
    );
  }
  if (isStaff) {
    await writeAudit(deps.db, {
      actorId: member.id,
      action: 'auth.staff_login',
      targetType: 'member',
      targetId: member.id,
      after: { role: member.role, totp: member.totpEnabledAt !== null },
      ip: input.ip,
    });
  }
  const userData = await signInAnswer().userData(deps, member.id);
  return { access_token: accessToken, user_data: userData, lastupdate: userData.userdetails.lastupdate };
}

export async function logout(deps: AppDeps, member: AuthMember): Promise<void> {
  await revokeSession(deps.db, { sessionId: member.sessionId, at: deps.clock.now() });
}

/** Changes the password after checking the current one; every other session of the member is signed out. */
export async function changePassword(deps: AppDeps, member: AuthMember, input: UpdatePasswordPayload): Promise<void> {
  const row = await selectMemberCredentialById(deps.db, member.id);
  if (!row || !(await verifyPassword(row.passwordHash, input.curpassword))) {
    throw new AppError('BAD_REQUEST', 'Current password is incorrect');
  }
  checkStaffPassword(row.role, input.newpassword);
  const passwordHash = await hashPassword(input.newpassword);
  await deps.db.transaction(async (tx) => {
    await updatePasswordHash(tx, { memberId: member.id, passwordHash });
    await endOpenSessions(tx, { memberId: member.id, at: deps.clock.now(), exceptSessionId: member.sessionId });
  });
}
