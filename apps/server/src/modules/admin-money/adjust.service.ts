import {
  formatMinor,
  type AdminAdjustData,
  type AdminAdjustPayload,
  type ApprovalRequestedData,
  type MemberWallet,
} from '@tuzo/contracts';
import type { AppDeps } from '../../lib/deps.ts';
import { automaticKey } from '../../lib/random.ts';
import { accountCode } from '../../ledger/accounts.ts';
import { recordMovement } from '../../ledger/movement.ts';
import { refuseOwnAccount, runWithinFourEyesWindow } from '../approvals/index.ts';
import { findTargetMember } from '../admin-members/index.ts';

/** The member an operator action targets, through the one target loader (staff and the house are refused there). */
async function findMember(deps: AppDeps, username: string) {
  const member = await findTargetMember(deps.db, username);
  return { id: BigInt(member.id), username: member.username, status: member.status };
}

/**
 * `adminadjust`: while what the member received from staff in the last 24 hours, pending requests and this
 * adjustment included (the amount's size, system currency), stays at or below `four_eyes_threshold`, the wallet is
 * corrected at once (`adjustWallet`); above it the adjustment becomes a request a second operator approves
 * (decision 044). Nobody adjusts their own wallet.
 */
export async function adjustOrRequest(
  deps: AppDeps,
  input: AdminAdjustPayload & { operatorId: bigint; ip: string; clientKey: string | null },
): Promise<AdminAdjustData | ApprovalRequestedData> {
  const member = await findMember(deps, input.username);
  refuseOwnAccount({ memberId: member.id, staffId: input.operatorId });
  const sizeMinor = input.amount < 0n ? -input.amount : input.amount;
  const idempotencyKey = automaticKey(deps.random, `adjust:${input.operatorId}`, input.clientKey);
  return runWithinFourEyesWindow(deps, {
    operatorId: input.operatorId,
    ip: input.ip,
    source: 'adjust',
    credits: [{ memberId: member.id, amountSystemMinor: sizeMinor }],
    request: () => ({
      kind: 'adjust',
      memberId: member.id,
      amountSystemMinor: sizeMinor,
      amountMinor: input.amount,
      currency: deps.config.SYSTEM_CURRENCY,
      params: { username: member.username, wallet: input.wallet },
      targetRef: null,
      reason: input.reason,
    }),
    execute: async (inner) => {
      const result = await adjustWallet(inner, {
        member,
        wallet: input.wallet,
        amount: input.amount,
        reason: input.reason,
        operatorId: input.operatorId,
        ip: input.ip,
        idempotencyKey,
      });
      return { result, credits: result.duplicate ? [] : [{ memberId: member.id, amountSystemMinor: sizeMinor }] };
    },
  });
}

/**
 * A correction of one wallet through the ledger (house:adjustments on the other side), with a reason, audited in the
 * same transaction: one `recordMovement` call. The amount is in the system currency and may be negative; a wallet
 * never goes below zero. Idempotent on `idempotencyKey` (the operator's key, or `adjust:approval:<request>` when a
 * second operator approves): a repeat answers with the first transaction, the same key for another member, wallet,
 * amount or reason is a 409 CONFLICT.
 */
export async function adjustWallet(
  deps: AppDeps,
  input: {
    member: { id: bigint; username: string };
    wallet: MemberWallet;
    amount: bigint;
    reason: string;
    operatorId: bigint;
    ip: string;
    idempotencyKey: string;
  },
): Promise<AdminAdjustData> {
  const { member, wallet } = input;
  refuseOwnAccount({ memberId: member.id, staffId: input.operatorId });
  const code = accountCode({ memberId: member.id, wallet });
  const recorded = await recordMovement(deps.db, {
    kind: 'adjustment',
    idempotencyKey: input.idempotencyKey,
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
      after: {
        wallet,
        balanceMinor: `$after:${code}`,
        amountMinor: input.amount,
        reason: input.reason,
        transactionId: '$transaction_id',
      },
      ip: input.ip,
    },
  });
  const after = recorded.after.get(code) ?? 0n;
  return {
    username: member.username,
    wallet,
    balance: formatMinor(after),
    transaction_id: recorded.transactionId.toString(),
    duplicate: recorded.duplicate,
  };
}
