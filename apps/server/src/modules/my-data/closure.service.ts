import { CLOSURE_WAIT_DAYS, type AdminClosure, type AdminClosuresData, type Closure } from '@tuzo/contracts';
import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { writeAudit } from '../audit/index.ts';
import { eraseMemberSignIns, unusablePasswordHash, verifyPassword } from '../auth/index.ts';
import { pseudonymiseMember, selectMemberContact } from '../members/index.ts';
import { eraseMemberResets } from '../password-reset/index.ts';
import { eraseMemberSms } from '../sms/index.ts';
import { eraseMemberSignals } from '../fraud-signals/index.ts';
import { selectClosureBlockers, type ClosureBlockers } from './closure.read-model.ts';
import {
  decideClosure,
  insertClosure,
  lockClosure,
  lockOpenClosureOf,
  selectClosurePage,
  selectDueClosures,
  selectLatestClosure,
  type ClosureListRow,
  type ClosureRow,
} from './closure.repository.ts';
import { deleteEmailChanges } from './contact.repository.ts';
import { erasePhoneChanges } from '../phone-changes/index.ts';

/**
 * Closing an account (Data Protection Act 2019 s.40, erasure; decision 040). The member asks; nothing is erased for
 * CLOSURE_WAIT_DAYS, during which they can cancel and operators see the request with the days left; then an
 * operator, or the sweep on `deps.clock`, completes it: personal fields pseudonymised, sign-ins and tokens removed,
 * ledger rows kept. Refused while money is held for the member (a wallet not at zero, a pending withdrawal, an
 * unsettled payout) or a money request for them is open (a four-eyes request, a code review, a claimed payment not yet
 * confirmed: decision 047), when asked and again when completed. No step moves money. Every step is audited.
 */
const DAY_MS = 86_400_000;
const WRONG_PASSWORD = 'Password is incorrect';

/** The refusal for what still holds money, or null when the account can be closed. */
export function blockerMessage(blockers: ClosureBlockers): string | null {
  if (blockers.pendingWithdrawals > 0 || blockers.unsettledPayouts > 0)
    return 'A withdrawal is still pending. Wait until it is paid or declined, then ask again.';
  // Money that may still reach the wallets (decision 047): the account stays open until each is decided.
  if (blockers.pendingApprovals > 0)
    return 'A change to your money is waiting for a second operator. Wait until it is decided, then ask again.';
  if (blockers.pendingCodeReviews > 0)
    return 'A payment code you sent is waiting for review. Wait until it is checked, then ask again.';
  if (blockers.unverifiedNotifications > 0)
    return 'A payment you claimed is still being confirmed with M-Pesa. Wait until it is confirmed, then ask again.';
  if (blockers.fundedWallets.length > 0)
    return `Your wallets still hold money (${blockers.fundedWallets.join(', ')}). Withdraw your balances first, then ask again.`;
  return null;
}

export function toClosure(row: ClosureRow, now: Date): Closure {
  const left = Math.ceil((row.dueAt.getTime() - now.getTime()) / DAY_MS);
  return {
    id: row.id.toString(),
    state: row.state,
    requested_at: row.requestedAt.toISOString(),
    due_at: row.dueAt.toISOString(),
    days_left: row.state === 'requested' ? Math.max(0, left) : 0,
    decided_at: row.decidedAt?.toISOString() ?? null,
  };
}

function toAdminClosure(row: ClosureListRow, now: Date): AdminClosure {
  return { ...toClosure(row, now), username: row.username, completed_by: row.completedByName };
}

/** `closeaccount`: with the password, when nothing holds money; one open request at a time (409). */
export async function requestClosure(deps: AppDeps, input: { memberId: bigint; password: string; ip: string }): Promise<Closure> {
  const member = await selectMemberContact(deps.db, input.memberId);
  if (!member) throw new AppError('NOT_FOUND', 'Member not found');
  if (!(await verifyPassword(member.passwordHash, input.password))) throw new AppError('BAD_REQUEST', WRONG_PASSWORD);
  const refusal = blockerMessage(await selectClosureBlockers(deps.db, input.memberId));
  if (refusal) throw new AppError('CONFLICT', refusal);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const row = await insertClosure(tx, {
      memberId: input.memberId,
      at: now,
      dueAt: new Date(now.getTime() + CLOSURE_WAIT_DAYS * DAY_MS),
    });
    if (!row) throw new AppError('ALREADY_DONE', 'You have already asked to close your account');
    await writeAudit(tx, {
      actorId: input.memberId,
      action: 'member.closure_requested',
      targetType: 'member',
      targetId: input.memberId,
      after: { closureId: row.id.toString(), dueAt: row.dueAt.toISOString() },
      ip: input.ip,
    });
    return toClosure(row, now);
  });
}

/** `cancelclose`: the member keeps their account. */
export async function cancelClosure(deps: AppDeps, input: { memberId: bigint; ip: string }): Promise<Closure> {
  return deps.db.transaction(async (tx) => {
    const open = await lockOpenClosureOf(tx, input.memberId);
    if (!open) throw new AppError('NOT_FOUND', 'You have no request to close your account');
    const now = deps.clock.now();
    const row = await decideClosure(tx, { id: open.id, state: 'cancelled', at: now, completedBy: null });
    await writeAudit(tx, {
      actorId: input.memberId,
      action: 'member.closure_cancelled',
      targetType: 'member',
      targetId: input.memberId,
      after: { closureId: row.id.toString() },
      ip: input.ip,
    });
    return toClosure(row, now);
  });
}

/** `myclosure`: the open request, or the latest one. */
export async function findMyClosure(deps: AppDeps, memberId: bigint): Promise<Closure | null> {
  const row = await selectLatestClosure(deps.db, memberId);
  return row ? toClosure(row, deps.clock.now()) : null;
}

/** `adminclosures`: the console's queue. */
export async function listClosures(
  deps: AppDeps,
  input: { state?: ClosureRow['state']; page: number; limit: number },
): Promise<AdminClosuresData> {
  const { rows, total } = await selectClosurePage(deps.db, {
    state: input.state,
    offset: (input.page - 1) * input.limit,
    limit: input.limit,
  });
  const now = deps.clock.now();
  return { rows: rows.map((row) => toAdminClosure(row, now)), page: input.page, limit: input.limit, total };
}

/**
 * Completes an open request in `tx` (the request row locked): refused while money is held (the member may have been
 * paid in since asking), then the personal fields are erased and the request marked completed, audited with who did
 * it (`operatorId`, or null for the sweep).
 */
async function completeLocked(
  deps: AppDeps,
  tx: DbOrTx,
  input: { closure: ClosureRow; operatorId: bigint | null; ip: string | null; passwordHash: string },
): Promise<ClosureRow> {
  const memberId = input.closure.memberId;
  const refusal = blockerMessage(await selectClosureBlockers(tx, memberId));
  if (refusal) throw new AppError('CONFLICT', `This account cannot be closed yet: ${refusal}`);
  const member = await selectMemberContact(tx, memberId);
  if (!member) throw new AppError('NOT_FOUND', 'Member not found');
  const now = deps.clock.now();
  const pseudonym = `closed_${memberId.toString()}`;
  await pseudonymiseMember(tx, { memberId, pseudonym, passwordHash: input.passwordHash, at: now });
  const signIns = await eraseMemberSignIns(tx, memberId);
  await eraseMemberResets(tx, { memberId, email: member.email, pseudonym });
  await eraseMemberSms(tx, { memberId, pseudonym, at: now });
  await deleteEmailChanges(tx, memberId);
  await erasePhoneChanges(tx, memberId);
  await eraseMemberSignals(tx, memberId);
  const row = await decideClosure(tx, { id: input.closure.id, state: 'completed', at: now, completedBy: input.operatorId });
  await writeAudit(tx, {
    actorId: input.operatorId,
    action: 'member.closure_completed',
    targetType: 'member',
    targetId: memberId,
    after: {
      closureId: row.id.toString(),
      by: input.operatorId ? 'operator' : 'sweep',
      pseudonym,
      sessionsRemoved: signIns.sessions,
    },
    ip: input.ip,
  });
  return row;
}

/** `admincompleteclosure`: an operator completes an open request before its 7 days are up. */
export async function completeClosureByOperator(
  deps: AppDeps,
  input: { id: bigint; operatorId: bigint; ip: string },
): Promise<AdminClosure> {
  const passwordHash = await unusablePasswordHash();
  await deps.db.transaction(async (tx) => {
    const closure = await lockClosure(tx, input.id);
    if (!closure) throw new AppError('NOT_FOUND', 'Closure request not found');
    if (closure.state !== 'requested') throw new AppError('ALREADY_DONE', `This request is already ${closure.state}`);
    await completeLocked(deps, tx, { closure, operatorId: input.operatorId, ip: input.ip, passwordHash });
  });
  const page = await selectClosurePage(deps.db, { offset: 0, limit: 1, id: input.id });
  return toAdminClosure(page.rows[0]!, deps.clock.now());
}

/**
 * The sweep: completes every open request whose 7 days are up (by `deps.clock`). A request that money still blocks
 * stays open, shown with 0 days left, and is tried again on the next run. Answers how many it completed.
 */
export async function runClosureSweep(deps: AppDeps): Promise<{ completed: number; blocked: number }> {
  const due = await selectDueClosures(deps.db, { at: deps.clock.now(), limit: 100 });
  let completed = 0;
  let blocked = 0;
  for (const id of due) {
    const passwordHash = await unusablePasswordHash();
    try {
      await deps.db.transaction(async (tx) => {
        const closure = await lockClosure(tx, id);
        if (closure?.state !== 'requested') return;
        await completeLocked(deps, tx, { closure, operatorId: null, ip: null, passwordHash });
        completed += 1;
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      blocked += 1;
      deps.log.warn({ closureId: id.toString(), why: error.message }, 'Account closure left open');
    }
  }
  return { completed, blocked };
}
