import { formatMinor, type AdminDepositData, type AdminDepositPayload, type ApprovalRequestedData } from '@tuzo/contracts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { refuseOwnAccount, runWithinFourEyesWindow } from '../approvals/index.ts';
import { writeAudit } from '../audit/index.ts';
import { findRecordedDeposit, recordPaidManualDeposit, type DepositRow } from '../deposits/index.ts';
import { fromMemberAmount, loadMemberCurrency } from '../wallets/index.ts';
import { findTargetMember, findTargetMemberById } from './admin-members.service.ts';

/**
 * `admindeposit` under the four-eyes rule (decisions 018 and 044): while what the member received from staff in the
 * last 24 hours, pending requests and this deposit included (converted to the system currency), stays at or below
 * `four_eyes_threshold`, one operator records the deposit at once; above it the deposit becomes a request a second
 * operator approves. A reference already recorded goes straight to `recordManualDeposit`, which answers the replay
 * (or the 409) and moves nothing. Nobody records a deposit into their own account.
 */
export async function recordOrRequestManualDeposit(
  deps: AppDeps,
  input: AdminDepositPayload & { operatorId: bigint; ip: string },
): Promise<AdminDepositData | ApprovalRequestedData> {
  const reference = input.reference.toUpperCase();
  const member = await findTargetMember(deps.db, input.username);
  const memberId = BigInt(member.id);
  refuseOwnAccount({ memberId, staffId: input.operatorId });
  const isRecorded = await findRecordedDeposit(deps.db, { idempotencyKey: `admin-deposit:${reference}`, reference });
  if (isRecorded) return recordManualDeposit(deps, { ...input, memberId });
  const currency = await loadMemberCurrency(deps.db, memberId);
  const amountSystemMinor = fromMemberAmount(input.amount, currency).systemMinor;
  return runWithinFourEyesWindow(deps, {
    operatorId: input.operatorId,
    ip: input.ip,
    source: 'deposit',
    credits: [{ memberId, amountSystemMinor }],
    request: () => ({
      kind: 'deposit',
      memberId,
      amountSystemMinor,
      amountMinor: input.amount,
      currency: currency.currency,
      params: { username: member.username, reference },
      targetRef: reference,
      reason: input.reason ?? '',
    }),
    execute: async (inner) => {
      const result = await recordManualDeposit(inner, { ...input, memberId });
      return { result, credits: result.duplicate ? [] : [{ memberId, amountSystemMinor: amountSystemMinor }] };
    },
  });
}

/**
 * `admindeposit`: money the member paid outside the app (a bank transfer, cash at the office) recorded by an
 * operator through the deposits' own path: a manual deposit row, then `completeDeposit` (provider:manual -X, member
 * deposit +X, row completed, member notified), with the audit row, all in one transaction. The reference is the
 * external fact: it is the deposit's provider reference and its idempotency key, so recording the same receipt
 * twice credits once (a repeat answers `duplicate: true`; the same reference for another member or amount is 409),
 * and a member can no longer claim that code through `recovercode`.
 */
export async function recordManualDeposit(
  deps: AppDeps,
  input: Omit<AdminDepositPayload, 'username'> & { memberId: bigint; operatorId: bigint; ip: string },
): Promise<AdminDepositData> {
  const reference = input.reference.toUpperCase();
  const idempotencyKey = `admin-deposit:${reference}`;
  return deps.db.transaction(async (tx) => {
    // By id, never by username: a four-eyes request executes for the member it was made for, even if the name it
    // was typed with has changed hands since (issue 23).
    const member = await findTargetMemberById(tx, input.memberId);
    const memberId = BigInt(member.id);
    refuseOwnAccount({ memberId, staffId: input.operatorId });
    const currency = await loadMemberCurrency(tx, memberId);
    const earlier = await findRecordedDeposit(tx, { idempotencyKey, reference });
    if (earlier) return replay(earlier, { memberId, amountLocalMinor: input.amount, idempotencyKey });
    const amount = fromMemberAmount(input.amount, currency);
    if (amount.systemMinor <= 0n) throw new AppError('LIMIT_NOT_MET', 'Amount is too small');
    const deposit = await recordPaidManualDeposit(tx, {
      memberId,
      amountLocalMinor: input.amount,
      currency: currency.currency,
      rateMicro: currency.rateMicro,
      amountSystemMinor: amount.systemMinor,
      phone: member.phone,
      providerRef: reference,
      idempotencyKey,
      createdAt: deps.clock.now(),
      postingKey: `deposit:manual:${reference}`,
      memo: `Manual deposit recorded by an operator (${reference})`,
      at: deps.clock.now(),
    });
    if (!deposit) throw new AppError('CONFLICT', 'This reference is being recorded by another request; try again');
    await writeAudit(tx, {
      actorId: input.operatorId,
      action: 'deposit.manual',
      targetType: 'member',
      targetId: member.id,
      before: null,
      after: {
        depositId: deposit.id,
        reference,
        amountLocalMinor: input.amount,
        currency: currency.currency,
        amountSystemMinor: amount.systemMinor,
        reason: input.reason ?? null,
      },
      ip: input.ip,
    });
    return toData(deposit, false);
  });
}

function replay(
  row: DepositRow,
  request: { memberId: bigint; amountLocalMinor: bigint; idempotencyKey: string },
): AdminDepositData {
  const isSame =
    row.idempotencyKey === request.idempotencyKey &&
    row.memberId === request.memberId &&
    row.amountLocalMinor === request.amountLocalMinor;
  if (!isSame) throw new AppError('CONFLICT', 'This reference was already recorded for another deposit');
  return toData(row, true);
}

function toData(row: DepositRow, duplicate: boolean): AdminDepositData {
  return {
    deposit_id: row.id.toString(),
    amount: formatMinor(row.amountLocalMinor),
    currency: row.currency,
    amount_system: formatMinor(row.amountSystemMinor),
    duplicate,
  };
}
