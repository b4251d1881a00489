import { RECOVERY_CODE_COUNT, type TotpConfirmData, type TotpSetupData } from '@tuzo/contracts';
import type { AuthMember } from '../../http/action.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError, rateLimitedError } from '../../lib/errors.ts';
import { writeAudit } from '../audit/index.ts';
import { endOpenSessions } from './session.service.ts';
import { claimTotpStep, enableTotp, storePendingSecret } from '../members/index.ts';
import { forgetHits, takeHit, type SharedLimit } from '../rate-limits/index.ts';
import {
  deleteRecoveryCodes,
  replaceRecoveryCodes,
  selectTotpState,
  selectUnusedRecoveryCodes,
  useRecoveryCode,
} from './totp.repository.ts';
import { hashRecoveryCode, isRecoveryCodeMatch, newRecoveryCode, normalizeRecoveryCode } from './recovery-codes.ts';
import { encodeBase32, matchTotpStep, otpauthUri } from './totp.ts';
import { totpSecretContext } from './totp-sealing.ts';

/*
 * Two-factor sign-in (TOTP and recovery codes): the enrolment behind staff's `totpsetup` / `totpconfirm` and the check
 * at sign-in. It belongs to auth, so signing in never imports the staff module (docs/decisions/028).
 */

export const TOTP_ISSUER = 'Tuzo';
/**
 * Per-account budget of second-factor attempts (sign-in codes, recovery codes, the enrolment code): 5 in 15 minutes,
 * counted in PostgreSQL before each check like the password lockout, and cleared by a success. A 6-digit code has a
 * million values and three steps are open at a time, so 5 tries per 15 minutes give a guesser about 1 in 67,000 per
 * window.
 */
export const TOTP_LIMIT: SharedLimit = { max: 5, windowMs: 15 * 60_000 };
const INVALID_CODE = 'That code is not right, has expired or was already used';

function limitKey(memberId: bigint): string {
  return `totp:${memberId.toString()}`;
}

/** Counts a code attempt; past the budget refuses with 429 and Retry-After, auditing the first refusal of a lock. */
async function admitTotpAttempt(deps: AppDeps, input: { memberId: bigint; ip: string }): Promise<void> {
  const hit = await takeHit(deps, { key: limitKey(input.memberId), limit: TOTP_LIMIT });
  if (hit.isAllowed) return;
  if (hit.hits === TOTP_LIMIT.max + 1) {
    const until = new Date(deps.clock.now().getTime() + hit.retryAfterSeconds * 1000).toISOString();
    await writeAudit(deps.db, {
      actorId: null,
      action: 'auth.lockout',
      targetType: 'member',
      targetId: input.memberId,
      after: { scope: 'totp', until },
      ip: input.ip,
    });
  }
  const minutes = Math.ceil(hit.retryAfterSeconds / 60);
  throw rateLimitedError(
    `Too many codes tried. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
    hit.retryAfterSeconds,
  );
}

/** A wrong second-factor code is audited (`auth.totp_failed`): staff accounts hold the keys to money. */
async function auditTotpFailure(
  deps: AppDeps,
  input: { memberId: bigint; ip: string; stage: 'login' | 'enrolment' },
): Promise<void> {
  await writeAudit(deps.db, {
    actorId: null,
    action: 'auth.totp_failed',
    targetType: 'member',
    targetId: input.memberId,
    after: { stage: input.stage },
    ip: input.ip,
  });
}

/**
 * `totpsetup`: a new 160-bit secret for the signed-in staff member, until two-factor sign-in is confirmed. It is
 * answered once, here, and stored only sealed under TUZO_SECRET_KEY (docs/decisions/022-secret-keys.md).
 */
export async function beginTotpSetup(deps: AppDeps, member: AuthMember): Promise<TotpSetupData> {
  const secret = encodeBase32(deps.random.bytes(20));
  const sealed = deps.secrets.seal(secret, totpSecretContext(member.id));
  const stored = await storePendingSecret(deps.db, { memberId: member.id, secret: sealed });
  if (!stored) throw new AppError('CONFLICT', 'Two-factor sign-in is already on for this account');
  return {
    secret,
    otpauth_uri: otpauthUri({ issuer: TOTP_ISSUER, account: member.username, secretBase32: secret }),
    issuer: TOTP_ISSUER,
    account: member.username,
  };
}

/**
 * `totpconfirm`: a current code turns two-factor sign-in on and answers fresh recovery codes (shown once). Every
 * other session of the account ends: it was opened with the password alone.
 */
export async function confirmTotp(
  deps: AppDeps,
  input: { member: AuthMember; code: string; ip: string },
): Promise<TotpConfirmData> {
  const memberId = input.member.id;
  await admitTotpAttempt(deps, { memberId, ip: input.ip });
  const at = deps.clock.now();
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => newRecoveryCode(deps.random));
  const isConfirmed = await deps.db.transaction(async (tx) => {
    const state = await selectTotpState(tx, memberId, { forUpdate: true });
    if (!state?.totpSecret) throw new AppError('BAD_REQUEST', 'Start with totpsetup to get a secret first');
    if (state.totpEnabledAt) throw new AppError('CONFLICT', 'Two-factor sign-in is already on for this account');
    const secretBase32 = deps.secrets.open(state.totpSecret, totpSecretContext(memberId));
    const step = matchTotpStep({ secretBase32, code: input.code, at, afterStep: null });
    if (step === null) return false;
    await enableTotp(tx, { memberId, step, at });
    await replaceRecoveryCodes(tx, { memberId, hashes: codes.map((code) => hashRecoveryCode(normalizeRecoveryCode(code)!)) });
    // Sessions opened with the password alone end here, except the one that proved it holds the authenticator.
    await endOpenSessions(tx, { memberId, at, exceptSessionId: input.member.sessionId });
    await writeAudit(tx, {
      actorId: memberId,
      action: 'staff.totp_enable',
      targetType: 'member',
      targetId: memberId,
      before: { totp: false },
      after: { totp: true, recoveryCodes: codes.length },
      ip: input.ip,
    });
    return true;
  });
  if (!isConfirmed) {
    await auditTotpFailure(deps, { memberId, ip: input.ip, stage: 'enrolment' });
    throw new AppError('TOTP_INVALID', INVALID_CODE);
  }
  await forgetHits(deps, limitKey(memberId));
  return { recovery_codes: codes, enabled_at: at.toISOString() };
}

/**
 * The second step of `login` for an account with two-factor sign-in on: without `totp` it answers TOTP_REQUIRED;
 * with a 6-digit code it accepts a step not used before (no replay); otherwise it tries the text as a recovery code,
 * which is used up (and audited) in one statement.
 */
export async function checkSecondFactor(
  deps: AppDeps,
  input: { memberId: bigint; totp: string | undefined; ip: string },
): Promise<void> {
  if (input.totp === undefined) {
    throw new AppError('TOTP_REQUIRED', 'Enter the 6-digit code from your authenticator app');
  }
  await admitTotpAttempt(deps, input);
  const code = input.totp.replace(/\s+/g, '');
  const at = deps.clock.now();
  const isAccepted = /^\d{6}$/.test(code)
    ? await acceptAuthenticatorCode(deps, { memberId: input.memberId, code, at })
    : await acceptRecoveryCode(deps, { ...input, code, at });
  if (!isAccepted) {
    await auditTotpFailure(deps, { memberId: input.memberId, ip: input.ip, stage: 'login' });
    throw new AppError('TOTP_INVALID', INVALID_CODE);
  }
  await forgetHits(deps, limitKey(input.memberId));
}

async function acceptAuthenticatorCode(deps: AppDeps, input: { memberId: bigint; code: string; at: Date }): Promise<boolean> {
  const state = await selectTotpState(deps.db, input.memberId);
  if (!state?.totpSecret || !state.totpEnabledAt) return false;
  const secretBase32 = deps.secrets.open(state.totpSecret, totpSecretContext(input.memberId));
  const step = matchTotpStep({ secretBase32, code: input.code, at: input.at, afterStep: state.totpLastStep });
  return step !== null && (await claimTotpStep(deps.db, { memberId: input.memberId, step }));
}

/**
 * A recovery code: compared with each of the member's unused codes (each has its own salt, so there is nothing to
 * look up by), and the matching one is used up, and audited, in one transaction; a racing second use finds it used.
 */
async function acceptRecoveryCode(
  deps: AppDeps,
  input: { memberId: bigint; code: string; at: Date; ip: string },
): Promise<boolean> {
  const normalized = normalizeRecoveryCode(input.code);
  if (normalized === null) return false;
  return deps.db.transaction(async (tx) => {
    const unused = await selectUnusedRecoveryCodes(tx, input.memberId);
    const match = unused.find((row) => isRecoveryCodeMatch(normalized, row.codeHash));
    if (!match || !(await useRecoveryCode(tx, { memberId: input.memberId, codeId: match.id, at: input.at }))) return false;
    await writeAudit(tx, {
      actorId: input.memberId,
      action: 'staff.recovery_code_use',
      targetType: 'member',
      targetId: input.memberId,
      ip: input.ip,
    });
    return true;
  });
}

/** Forgets the account's recovery codes, in the caller's transaction (a staff two-factor reset). */
export async function forgetRecoveryCodes(db: DbOrTx, memberId: bigint): Promise<void> {
  await deleteRecoveryCodes(db, memberId);
}
