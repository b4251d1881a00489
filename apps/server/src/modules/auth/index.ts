/**
 * The auth module's front door: everything the rest of the server uses from it, each name exported from the
 * file that defines it (decision 049). Files outside modules/auth/ import this file only; tests may reach inside.
 */
export { authActions } from './auth.actions.ts';
export { checkStaffPassword } from './auth.service.ts';
export { eraseMemberSignIns } from './member-erasure.repository.ts';
export { hashPassword, unusablePasswordHash, verifyPassword } from './passwords.ts';
export { endOpenSessions, resolveBearer, resolveBearerWith } from './session.service.ts';
export { registerSignInAnswer } from './sign-in-answer.ts';
export { suspendAccount } from './suspend.service.ts';
export type { SuspendInput } from './suspend.service.ts';
export { hashToken, newOpaqueToken } from './tokens.ts';
export { sealTotpSecrets } from './totp-sealing.ts';
export { beginTotpSetup, confirmTotp, forgetRecoveryCodes } from './totp.service.ts';
