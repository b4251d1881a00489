import {
  PHONE_CODE_DIGITS,
  PHONE_CODE_MAX_ATTEMPTS,
  PHONE_CODE_TTL_MINUTES,
  type ChangePhoneData,
  type ConfirmPhoneData,
  type WithdrawalHoldData,
} from '@tuzo/contracts';
import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { writeOwnChangeAudit } from '../audit/index.ts';
import { hashToken } from '../auth/index.ts';
import { selectContactOwner, selectMemberContact, updateMemberDetails } from '../members/index.ts';
import { queueMail } from '../password-reset/index.ts';
import { raiseFlagOnWithdrawal } from '../payout-risk/index.ts';
import { TAKEN_MESSAGES } from '../registration/index.ts';
import { readSetting } from '../settings/index.ts';
import { enqueueSms } from '../sms/index.ts';
import {
  cancelChange,
  countWrongCode,
  deletePhoneChanges,
  insertOperatorChange,
  insertPendingChange,
  lockPendingChange,
  markChangeApplied,
  selectMemberPhone,
  selectPendingWithdrawalIds,
  selectPhoneChangeState,
} from './phone-changes.repository.ts';

/**
 * A member's phone is where their withdrawals are paid, so changing it is guarded (docs/decisions/045): the member's
 * change is confirmed by a code sent by SMS to the new phone (only its hash kept, PHONE_CODE_MAX_ATTEMPTS wrong codes,
 * PHONE_CODE_TTL_MINUTES on the app clock); an operator's is four-eyes. Either way the old phone (SMS) and the email
 * are told, withdrawals still pending are flagged (their payouts go to the phone recorded at request), and for
 * `payouts.phone_change_hold_hours` the member cannot request a withdrawal.
 */

const HOUR_MS = 3_600_000;

function codeHash(input: { memberId: bigint; newPhone: string; code: string }): string {
  return hashToken(`phone-change:${input.memberId}:${input.newPhone}:${input.code}`);
}

/** `changephone` after its password and number checks: a code to the new phone; the phone changes on `confirmphone`. */
export async function sendPhoneCode(
  deps: AppDeps,
  input: { memberId: bigint; oldPhone: string; newPhone: string; ip: string },
): Promise<ChangePhoneData> {
  const code = String(deps.random.int(10 ** PHONE_CODE_DIGITS)).padStart(PHONE_CODE_DIGITS, '0');
  const at = deps.clock.now();
  const expiresAt = new Date(at.getTime() + PHONE_CODE_TTL_MINUTES * 60_000);
  await deps.db.transaction(async (tx) => {
    const id = await insertPendingChange(tx, {
      memberId: input.memberId,
      oldPhone: input.oldPhone,
      newPhone: input.newPhone,
      codeHash: codeHash({ memberId: input.memberId, newPhone: input.newPhone, code }),
      at,
      expiresAt,
    });
    await enqueueSms(tx, {
      memberId: input.memberId,
      phone: input.newPhone,
      event: { kind: 'phone_change_code', params: { code, minutes: PHONE_CODE_TTL_MINUTES } },
      dedupeKey: `phone-change:${id}`,
      at,
    });
    await writeOwnChangeAudit(tx, input.memberId, 'member.phone_change_requested', {
      before: { phone: input.oldPhone },
      after: { pendingPhone: input.newPhone, expiresAt: expiresAt.toISOString() },
      ip: input.ip,
    });
  });
  return { pending_phone: input.newPhone, expires_at: expiresAt.toISOString() };
}

type CodeOutcome =
  | { ok: true; data: ConfirmPhoneData; email: string; username: string }
  | { ok: false; why: 'none' | 'expired' | 'last' | 'wrong'; left: number };

/** A refused code, after its transaction (which counted it) has committed. */
function refuseCode(outcome: { why: 'none' | 'expired' | 'last' | 'wrong'; left: number }): never {
  switch (outcome.why) {
    case 'none':
      throw new AppError('BAD_REQUEST', 'No phone change is waiting for a code. Ask for a new code.');
    case 'expired':
      throw new AppError('BAD_REQUEST', 'This code has expired. Ask for a new code.');
    case 'last':
      throw new AppError('BAD_REQUEST', 'Too many wrong codes. Ask for a new code.');
    case 'wrong':
      throw new AppError('BAD_REQUEST', `The code is wrong. Attempts left: ${outcome.left}`);
    default: {
      const never: never = outcome.why;
      throw new Error(`Unknown code outcome ${String(never)}`);
    }
  }
}

/**
 * `confirmphone`: the code of the member's pending change. A wrong code is counted (and its count committed) before
 * the refusal; the last allowed wrong code, or an expired one, cancels the change.
 */
export async function confirmPhoneChange(
  deps: AppDeps,
  input: { memberId: bigint; code: string; ip: string },
): Promise<ConfirmPhoneData> {
  const outcome = await deps.db.transaction(async (tx): Promise<CodeOutcome> => {
    const at = deps.clock.now();
    const pending = await lockPendingChange(tx, input.memberId);
    if (!pending) return { ok: false, why: 'none', left: 0 };
    if (pending.expiresAt.getTime() <= at.getTime()) {
      await cancelChange(tx, { id: pending.id, at });
      return { ok: false, why: 'expired', left: 0 };
    }
    if (codeHash({ memberId: input.memberId, newPhone: pending.newPhone, code: input.code }) !== pending.codeHash) {
      const isLast = pending.attempts + 1 >= PHONE_CODE_MAX_ATTEMPTS;
      await countWrongCode(tx, { id: pending.id, isLast, at });
      const left = PHONE_CODE_MAX_ATTEMPTS - pending.attempts - 1;
      return { ok: false, why: isLast ? 'last' : 'wrong', left };
    }
    const member = await selectMemberContact(tx, input.memberId);
    if (!member || member.closedAt) return { ok: false, why: 'none', left: 0 };
    if (await selectContactOwner(tx, { memberId: input.memberId, phone: pending.newPhone })) {
      await cancelChange(tx, { id: pending.id, at });
      throw new AppError('CONFLICT', TAKEN_MESSAGES.phone);
    }
    await markChangeApplied(tx, { id: pending.id, at });
    const heldUntil = await applyPhoneChange(tx, deps, {
      memberId: input.memberId,
      oldPhone: member.phone,
      newPhone: pending.newPhone,
      staffIds: [],
      at,
    });
    await writeOwnChangeAudit(tx, input.memberId, 'member.phone_changed', {
      before: { phone: member.phone },
      after: { phone: pending.newPhone, withdrawalsHeldUntil: heldUntil?.toISOString() ?? null },
      ip: input.ip,
    });
    return {
      ok: true,
      email: member.email,
      username: member.username,
      data: { phone: pending.newPhone, withdrawals_held_until: heldUntil?.toISOString() ?? null },
    };
  });
  if (!outcome.ok) refuseCode(outcome);
  await mailPhoneChanged(deps, { email: outcome.email, username: outcome.username, phone: outcome.data.phone });
  return outcome.data;
}

/** Masks all but the country code's first digits and the last two: the notice never spells out the new number. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/^\+/, '');
  if (digits.length <= 6) return phone;
  return `${phone.startsWith('+') ? '+' : ''}${digits.slice(0, 4)}${'*'.repeat(digits.length - 6)}${digits.slice(-2)}`;
}

/**
 * The change itself, in the caller's transaction (a member's confirmed code, or an approved operator request): the
 * phone is stored, the old phone told by SMS, and each withdrawal still pending flagged (its payout goes to the phone
 * recorded at request). Answers until when new withdrawals are held (null when the setting is 0).
 */
export async function applyPhoneChange(
  tx: DbOrTx,
  deps: Pick<AppDeps, 'clock'>,
  input: { memberId: bigint; oldPhone: string; newPhone: string; staffIds: readonly bigint[]; at: Date },
): Promise<Date | null> {
  await updateMemberDetails(tx, { memberId: input.memberId, phone: input.newPhone, at: input.at });
  if (input.staffIds.length > 0) await insertOperatorChange(tx, { ...input });
  const hours = await readSetting(tx, 'payouts.phone_change_hold_hours');
  await enqueueSms(tx, {
    memberId: input.memberId,
    phone: input.oldPhone,
    event: { kind: 'phone_changed', params: { phone: maskPhone(input.newPhone), hours } },
    dedupeKey: `phone-changed:${input.memberId}:${input.at.toISOString()}`,
    at: input.at,
  });
  for (const withdrawal of await selectPendingWithdrawalIds(tx, input.memberId)) {
    await raiseFlagOnWithdrawal(tx, {
      withdrawalId: withdrawal.id,
      memberId: input.memberId,
      at: input.at,
      flag: {
        kind: 'after_phone_change',
        reason: `The member's phone changed from ${input.oldPhone} to ${input.newPhone} (${input.at.toISOString()}${input.staffIds.length > 0 ? ', by operators' : ', confirmed by SMS code'}) after this withdrawal was requested; it is paid to ${withdrawal.payoutPhone}, the phone recorded at request.`,
        detail: {
          oldPhone: input.oldPhone,
          newPhone: input.newPhone,
          payoutPhone: withdrawal.payoutPhone,
          at: input.at.toISOString(),
        },
        raisedBy: input.staffIds,
      },
    });
  }
  return hours > 0 ? new Date(input.at.getTime() + hours * HOUR_MS) : null;
}

/** The notice to the member's email (after commit; the mail outbox keeps it when sending fails). */
export async function mailPhoneChanged(deps: AppDeps, input: { email: string; username: string; phone: string }): Promise<void> {
  const hours = await readSetting(deps.db, 'payouts.phone_change_hold_hours');
  await queueMail(deps, {
    kind: 'phone_changed',
    to: input.email,
    subject: 'Your Tuzo phone number was changed',
    text: [
      `Hello ${input.username},`,
      '',
      `The phone number of your Tuzo account was changed to ${maskPhone(input.phone)}.`,
      hours > 0 ? `For your safety, withdrawals are paused for ${hours} hours.` : '',
      '',
      'If you did not make this change, contact Tuzo support at once.',
    ].join('\n'),
    secrets: [],
  });
}

/** `withdrawalhold`: until when the member's withdrawals are held after a phone change, and any change waiting. */
export async function readWithdrawalHold(deps: AppDeps, memberId: bigint): Promise<WithdrawalHoldData> {
  const [state, hours] = await Promise.all([
    selectPhoneChangeState(deps.db, memberId),
    readSetting(deps.db, 'payouts.phone_change_hold_hours'),
  ]);
  const until = holdEnd(state.lastAppliedAt, hours);
  const isHeld = until !== null && until.getTime() > deps.clock.now().getTime();
  const isPending = state.pendingExpiresAt !== null && state.pendingExpiresAt.getTime() > deps.clock.now().getTime();
  return {
    held_until: isHeld ? until.toISOString() : null,
    changed_at: isHeld && state.lastAppliedAt ? state.lastAppliedAt.toISOString() : null,
    hours,
    pending_phone: isPending ? state.pendingPhone : null,
  };
}

function holdEnd(changedAt: Date | null, hours: number): Date | null {
  if (changedAt === null || hours <= 0) return null;
  return new Date(changedAt.getTime() + hours * HOUR_MS);
}

/**
 * In a withdrawal request's transaction: the phone its payout will go to (the member's phone now), refused while a
 * phone change's hold runs. The member is told until when (UTC, to the minute).
 */
export async function payoutPhoneForRequest(tx: DbOrTx, deps: Pick<AppDeps, 'clock'>, memberId: bigint): Promise<string> {
  // One after another: a transaction is one connection.
  const phone = await selectMemberPhone(tx, memberId);
  const state = await selectPhoneChangeState(tx, memberId);
  const hours = await readSetting(tx, 'payouts.phone_change_hold_hours');
  if (phone === null) throw new AppError('NOT_FOUND', 'Member not found');
  const until = holdEnd(state.lastAppliedAt, hours);
  if (until !== null && until.getTime() > deps.clock.now().getTime()) throw phoneHoldRefusal(hours, until);
  return phone;
}

/**
 * The refusal of a withdrawal requested while a phone change's hold runs: `hours` the setting
 * `payouts.phone_change_hold_hours`, `until` the end of the hold (the withdrawal's one call finds it in SQL).
 */
export function phoneHoldRefusal(hours: number, until: Date): AppError {
  return new AppError(
    'LIMIT_NOT_MET',
    `Your phone number was changed, so withdrawals are paused for ${hours} hours to keep your money safe. You can withdraw again from ${until.toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
  );
}

/** The member's phone now (operator requests name it as `from`). */
export async function findMemberPhone(db: DbOrTx, memberId: bigint): Promise<string | null> {
  return selectMemberPhone(db, memberId);
}

/** Closing an account erases its phone changes (decision 040's erasure; the hold no longer matters). */
export async function erasePhoneChanges(tx: DbOrTx, memberId: bigint): Promise<void> {
  await deletePhoneChanges(tx, memberId);
}
