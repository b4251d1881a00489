import { randomUUID } from 'node:crypto';
import { formatMinor, type AdminAdjustPayload, type AdminReviewCodesData, type MemberWallet } from '@tuzo/contracts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { accountCode } from '../../ledger/accounts.ts';
import { recordMovement } from '../../ledger/movement.ts';
import { activateForFree, deactivateMember } from '../activation/activation.service.ts';
import { creditManualCode } from '../deposits/manual-code.service.ts';
import { decideWithdrawal } from '../withdrawals/withdrawals.service.ts';
import { selectMemberByUsername, selectPendingCodeReviews } from './admin.repository.ts';

async function findMember(deps: AppDeps, username: string) {
  const member = await selectMemberByUsername(deps.db, username);
  if (!member) throw new AppError('NOT_FOUND', 'Member not found');
  if (member.isHouse) throw new AppError('FORBIDDEN', 'The house account holds no member money');
  return member;
}

/** `updatetrans`: value 2 completes, 1 declines (refund in full). */
export async function updateWithdrawal(deps: AppDeps, input: { tid: bigint; value: '1' | '2'; operatorId: bigint; ip: string }) {
  return decideWithdrawal(deps, {
    withdrawalId: input.tid,
    decision: input.value === '2' ? 'complete' : 'decline',
    operatorId: input.operatorId,
    ip: input.ip,
  });
}

/**
 * `adminadjust`: a correction of one wallet through the ledger (house:adjustments on the other side), with a
 * reason, audited in the same transaction: one `recordMovement` call after finding the member. The amount is in the
 * system currency and may be negative; a wallet never goes below zero. Idempotent on the operator's key when one is
 * sent: a repeat answers with the first transaction, the same key for another member, wallet, amount or reason is a
 * 409 CONFLICT.
 */
export async function adjustWallet(
  deps: AppDeps,
  input: AdminAdjustPayload & { operatorId: bigint; ip: string; clientKey: string | null },
) {
  const member = await findMember(deps, input.username);
  const wallet: MemberWallet = input.wallet;
  const idempotencyKey = `adjust:${input.operatorId}:${input.clientKey ?? `auto:${randomUUID()}`}`;
  const code = accountCode({ memberId: member.id, wallet });
  const recorded = await recordMovement(deps.db, {
    kind: 'adjustment',
    idempotencyKey,
    memberId: member.id,
    memo: `Operator adjustment: ${input.reason}`,
    request: { memberId: member.id, wallet, amountMinor: input.amount, reason: input.reason },
    at: deps.clock.now(),
    insufficientMessage: `The ${wallet} wallet holds less than the amount to remove`,
    conflictMessage: 'This idempotency key was already used for a different adjustment',
    legs: [
      { account: { system: 'house:adjustments' }, amountMinor: -input.amount },
      { account: { memberId: member.id, wallet }, amountMinor: input.amount },
    ],
    audit: {
      actorId: input.operatorId,
      action: 'wallet.adjust',
      targetType: 'member',
      targetId: member.id,
      before: { wallet, balanceMinor: `$before:${code}` },
      after: { wallet, balanceMinor: `$after:${code}`, amountMinor: input.amount, reason: input.reason, transactionId: '$transaction_id' },
      ip: input.ip,
    },
  });
  const after = recorded.after.get(code) ?? 0n;
  return { username: member.username, wallet, balance: formatMinor(after), transaction_id: recorded.transactionId.toString(), duplicate: recorded.duplicate };
}

export async function activateMemberFree(deps: AppDeps, input: { username: string; reason?: string; operatorId: bigint; ip: string }) {
  const member = await findMember(deps, input.username);
  return activateForFree(deps, { memberId: member.id, operatorId: input.operatorId, ip: input.ip, reason: input.reason });
}

export async function deactivate(deps: AppDeps, input: { username: string; reason?: string; operatorId: bigint; ip: string }) {
  const member = await findMember(deps, input.username);
  return deactivateMember(deps, { memberId: member.id, operatorId: input.operatorId, ip: input.ip, reason: input.reason });
}

/** `adminreviewcodes`: manual deposit codes that matched no payment, waiting for a decision; oldest first. */
export async function listCodeReviews(deps: AppDeps, input: { page: number; limit: number }): Promise<AdminReviewCodesData> {
  const { rows, total } = await selectPendingCodeReviews(deps.db, { offset: (input.page - 1) * input.limit, limit: input.limit });
  return {
    rows: rows.map((row) => ({
      id: row.id,
      username: row.username,
      phone: row.phone,
      ref_code: row.code,
      amount: null,
      currency: row.currency,
      created_at: new Date(row.created_at).toISOString(),
    })),
    page: input.page,
    limit: input.limit,
    total,
  };
}

/** `adminresolvecode`: the deposits module credits (once) or rejects the code, audited in its transaction. */
export async function resolveCode(
  deps: AppDeps,
  input: { id: bigint; approve: boolean; amount?: bigint; note?: string; operatorId: bigint; ip: string },
) {
  const result = await creditManualCode(deps, {
    reviewId: input.id,
    operatorId: input.operatorId,
    ip: input.ip,
    approve: input.approve,
    note: input.note ?? '',
    ...(input.amount !== undefined ? { amountLocalMinor: input.amount } : {}),
  });
  return {
    status: result.status,
    deposit_id: result.depositId?.toString() ?? null,
    amount_system: result.amountSystemMinor === null ? null : formatMinor(result.amountSystemMinor),
  };
}
