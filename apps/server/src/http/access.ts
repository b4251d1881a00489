import { AppError } from '../lib/errors.ts';
import { MEMBER_ONLY_ACCESS, type Access, type AuthMember } from './action.ts';

/**
 * The access rule of an action's `access` level (http/action.ts), checked by the action endpoint before the payload
 * is read, and by the routes beside it (the CSV exports, the upload, the trivia import) through `requireAccess`.
 */
export function checkAccess(rule: { access: Access; isTotpEnrolment?: boolean }, member: AuthMember | null): void {
  if (rule.access === 'public') return;
  if (!member) throw new AppError('UNAUTHORIZED', 'Please login to continue');
  if (member.status === 'suspended') throw new AppError('UNAUTHORIZED', 'Your account has been suspended');
  // Staff are not members: the member levels refuse them (decision 019).
  if (MEMBER_ONLY_ACCESS.has(rule.access) && member.role !== 'member') {
    throw new AppError('FORBIDDEN', 'Members only: staff accounts cannot use member actions');
  }
  if (rule.access === 'active' && member.status !== 'active') {
    throw new AppError('ACCOUNT_INACTIVE', 'Please activate your account first');
  }
  if (rule.access === 'support' && member.role === 'member') throw new AppError('FORBIDDEN', 'Staff only');
  if (rule.access === 'operator' && member.role !== 'operator') throw new AppError('FORBIDDEN', 'Operators only');
  // Staff actions need two-factor sign-in; until it is on, only the enrolment actions work (decision 015).
  const isStaffAction = rule.access === 'support' || rule.access === 'operator';
  if (isStaffAction && !member.isTotpEnrolled && !rule.isTotpEnrolment) {
    throw new AppError('TOTP_ENROLMENT_REQUIRED', 'Turn on two-factor sign-in (an authenticator app) before using staff actions');
  }
}

/** A route's caller at a signed-in level, or the same refusal an action of that level gives. */
export function requireAccess(access: Exclude<Access, 'public'>, member: AuthMember | null): AuthMember {
  if (!member) throw new AppError('UNAUTHORIZED', 'Please login to continue');
  checkAccess({ access }, member);
  return member;
}
