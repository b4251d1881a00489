import type { LoginData, LoginPayload, UpdatePasswordPayload } from '@tuzo/contracts';
import type { AuthMember } from '../../actions/types.ts';
import { AppError } from '../../lib/errors.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { checkSecondFactor } from '../staff/totp.service.ts';
import { loadUserData } from '../userdata/userdata.service.ts';
import { selectMemberByCredential, selectMemberCredentialById, updatePasswordHash } from './auth.repository.ts';
import { admitLoginAttempt, clearLoginAttempts } from './login-lockout.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords.ts';
import { revokeMemberSessions, revokeSession } from './session.repository.ts';
import { createSession } from './session.service.ts';

const INVALID_CREDENTIALS = 'Invalid username or password';

/**
 * Wrong credentials answer 400, not 401: the client treats any 401 as "Session expired". The house account has an
 * unusable password and is refused outright; a suspended member (or disabled staff account) is told so only after the
 * right password, and staff with two-factor sign-in need its code as well. Every
 * password check on an account is counted by the shared login lockout (login-lockout.ts) before it runs.
 */
export async function login(deps: AppDeps, input: LoginPayload & { ip: string; userAgent: string | null }): Promise<LoginData> {
  const member = await selectMemberByCredential(deps.db, input.username);
  if (!member || member.isHouse) {
    await burnPasswordCheck(input.password);
    throw new AppError('BAD_REQUEST', INVALID_CREDENTIALS);
  }
  await admitLoginAttempt(deps, member.id);
  if (!(await verifyPassword(member.passwordHash, input.password))) throw new AppError('BAD_REQUEST', INVALID_CREDENTIALS);
  await clearLoginAttempts(deps, member.id);
  if (member.status === 'suspended') throw new AppError('ACCOUNT_SUSPENDED', 'Your account has been suspended');
  if (member.disabledAt) throw new AppError('ACCOUNT_SUSPENDED', 'This staff account has been disabled');
  // Two-factor sign-in (staff): the password alone answers TOTP_REQUIRED; see docs/decisions/015-staff-roles-and-totp.md.
  if (member.totpEnabledAt) await checkSecondFactor(deps, { memberId: member.id, totp: input.totp, ip: input.ip });
  const accessToken = await createSession(deps, { memberId: member.id, ip: input.ip, userAgent: input.userAgent });
  const userData = await loadUserData(deps, member.id);
  return { access_token: accessToken, user_data: userData, lastupdate: userData.userdetails.lastupdate };
}

export async function logout(deps: AppDeps, member: AuthMember): Promise<void> {
  await revokeSession(deps.db, member.sessionId);
}

/** Changes the password after checking the current one; every other session of the member is signed out. */
export async function changePassword(deps: AppDeps, member: AuthMember, input: UpdatePasswordPayload): Promise<void> {
  const row = await selectMemberCredentialById(deps.db, member.id);
  if (!row || !(await verifyPassword(row.passwordHash, input.curpassword))) {
    throw new AppError('BAD_REQUEST', 'Current password is incorrect');
  }
  const passwordHash = await hashPassword(input.newpassword);
  await deps.db.transaction(async (tx) => {
    await updatePasswordHash(tx, { memberId: member.id, passwordHash });
    await revokeMemberSessions(tx, member.id, member.sessionId);
  });
}
