import { formatMinor, type AdminDepositData, type AdminDepositPayload } from '@tuzo/contracts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { writeAudit } from '../audit/audit.repository.ts';
import { completeDeposit } from '../deposits/deposit-state.ts';
import { findDepositByKey, findManualDepositByCode, insertDeposit, type DepositRow } from '../deposits/deposits.repository.ts';
import { fromMemberAmount, loadMemberCurrency } from '../wallets/currency.ts';
import { findTargetMember } from './admin-members.service.ts';

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
  input: AdminDepositPayload & { operatorId: bigint; ip: string },
): Promise<AdminDepositData> {
  const reference = input.reference.toUpperCase();
  const idempotencyKey = `admin-deposit:${reference}`;
  return deps.db.transaction(async (tx) => {
    const member = await findTargetMember(tx, input.username);
    const memberId = BigInt(member.id);
    const currency = await loadMemberCurrency(tx, memberId);
    const earlier = (await findDepositByKey(tx, idempotencyKey)) ?? (await findManualDepositByCode(tx, reference));
    if (earlier) return replay(earlier, { memberId, amountLocalMinor: input.amount, idempotencyKey });
    const amount = fromMemberAmount(input.amount, currency);
    if (amount.systemMinor <= 0n) throw new AppError('LIMIT_NOT_MET', 'Amount is too small');
    const deposit = await insertDeposit(tx, {
      memberId,
      method: 'manual',
      amountLocalMinor: input.amount,
      currency: currency.currency,
      rateMicro: currency.rateMicro,
      amountSystemMinor: amount.systemMinor,
      phone: member.phone,
      providerRef: reference,
      idempotencyKey,
    });
    if (!deposit) throw new AppError('CONFLICT', 'This reference is being recorded by another request; try again');
    await completeDeposit(tx, { depositId: deposit.id, idempotencyKey: `deposit:manual:${reference}`, providerRef: reference, memo: `Manual deposit recorded by an operator (${reference})` });
    await writeAudit(tx, {
      actorId: input.operatorId,
      action: 'deposit.manual',
      targetType: 'member',
      targetId: member.id,
      before: null,
      after: { depositId: deposit.id, reference, amountLocalMinor: input.amount, currency: currency.currency, amountSystemMinor: amount.systemMinor, reason: input.reason ?? null },
      ip: input.ip,
    });
    return toData(deposit, false);
  });
}

function replay(row: DepositRow, request: { memberId: bigint; amountLocalMinor: bigint; idempotencyKey: string }): AdminDepositData {
  const isSame = row.idempotencyKey === request.idempotencyKey && row.memberId === request.memberId && row.amountLocalMinor === request.amountLocalMinor;
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
