import { formatMinor, localToSystemMinor, systemToLocalMinor } from '@tuzo/contracts';
import type { DbOrTx } from '../../db/client.ts';
import type { SystemAccountCode } from '../../ledger/accounts.ts';
import { postTransaction } from '../../ledger/ledger.ts';
import { AppError } from '../../lib/errors.ts';
import { recordSignals, type SignalDeps } from '../fraud-signals/index.ts';
import { notifyMember } from '../notifications/index.ts';
import { enqueueSms, smsAmount } from '../sms/index.ts';
import { loadMemberCurrency, toMemberString, type MemberCurrency } from '../wallets/index.ts';
import {
  lockDeposit,
  updateDepositAmount,
  updateDepositCompleted,
  updateDepositFailed,
  type DepositRow,
  type DepositStatusCode,
} from './deposits.repository.ts';

/**
 * The deposit state machine: pending (0) -> completed (2) | failed (1). A push we gave up waiting for ourselves
 * (TIMED_OUT: M-Pesa accepted it but had not answered in time) is not final: it completes when M-Pesa later confirms
 * the payment (a late callback, or the sweep's status query), because the member's money did move, and it takes
 * M-Pesa's own failure reason when the query gives one (then it is final). Every other transition is refused: a
 * completed deposit, or one M-Pesa itself declined, is never changed by a late answer.
 */
export const PENDING = 0;
export const FAILED = 1;
export const COMPLETED = 2;
export const TIMED_OUT = 'Timed out';

export type DepositEvent = { type: 'confirm' } | { type: 'fail'; reason: string };
export type Transition = 'apply' | 'already' | 'refuse';

export function decideTransition(deposit: Pick<DepositRow, 'status' | 'failureReason'>, event: DepositEvent): Transition {
  const status: DepositStatusCode = deposit.status;
  switch (status) {
    case PENDING:
      return 'apply';
    case COMPLETED:
      return event.type === 'confirm' ? 'already' : 'refuse';
    case FAILED: {
      const isTimedOut = deposit.failureReason?.startsWith(TIMED_OUT) ?? false;
      if (event.type === 'fail') return isTimedOut && !event.reason.startsWith(TIMED_OUT) ? 'apply' : 'already';
      return isTimedOut ? 'apply' : 'refuse';
    }
    default: {
      const unknown: never = status;
      throw new Error(`Unknown deposit status ${String(unknown)}`);
    }
  }
}

const ACCOUNT_BY_METHOD: Record<DepositRow['method'], SystemAccountCode> = {
  stkpush: 'provider:mpesa',
  flutterwave: 'provider:flutterwave',
  manual: 'provider:manual',
};

export interface CompleteInput {
  depositId: bigint;
  /** Unique forever: `deposit:stk:<CheckoutRequestID>`, `deposit:flw:<tx_ref>`, `deposit:manual:<code>`. */
  idempotencyKey: string;
  providerRef: string | null;
  /** The system account the money came through; defaults by method. */
  source?: SystemAccountCode;
  memo: string;
  /**
   * What the provider verifiably received, in the deposit's currency, when it may differ from the amount asked
   * (a hosted checkout): the member is credited exactly that, never more or less, and the row records it.
   */
  paidLocalMinor?: bigint;
  /** Business time (deps.clock.now()): the ledger transaction, the row's completed_at and the SMS carry it. */
  at: Date;
  /** False for the demo seed's deposits (made-up phones): no SMS. Default true. */
  sendSms?: boolean;
  /** The M-Pesa number that paid (STK push, C2B), recorded as a multi-account signal (decision 061). */
  payer?: { deps: SignalDeps; phone: string | null };
}

/**
 * Credits a deposit once, inside the caller's transaction: locks the deposit row, checks the transition, posts
 * provider -X / member deposit +X with the conversion recorded, and marks it completed. Returns what happened.
 */
export async function completeDeposit(tx: DbOrTx, input: CompleteInput): Promise<Transition> {
  const locked = await lockDeposit(tx, input.depositId);
  if (!locked) throw new AppError('NOT_FOUND', 'Deposit not found');
  const decision = decideTransition(locked, { type: 'confirm' });
  if (decision !== 'apply') return decision;
  if (input.payer?.phone) {
    const signals = { payerPhone: input.payer.phone };
    await recordSignals(tx, input.payer.deps, { memberId: locked.memberId, event: 'deposit', at: input.at, signals });
  }
  const deposit = await settlePaidAmount(tx, locked, input.paidLocalMinor);
  const posted = await postTransaction(tx, {
    kind: 'deposit',
    idempotencyKey: input.idempotencyKey,
    memberId: deposit.memberId,
    memo: input.memo,
    at: input.at,
    conversion: { rateMicro: deposit.rateMicro, localAmountMinor: deposit.amountLocalMinor, currency: deposit.currency },
    legs: [
      { account: { system: input.source ?? ACCOUNT_BY_METHOD[deposit.method] }, amountMinor: -deposit.amountSystemMinor },
      { account: { memberId: deposit.memberId, wallet: 'deposit' }, amountMinor: deposit.amountSystemMinor },
    ],
  });
  await updateDepositCompleted(tx, deposit.id, {
    providerRef: input.providerRef,
    ledgerTransactionId: posted.transactionId,
    at: input.at,
  });
  if (!posted.duplicate) {
    const member = await loadMemberCurrency(tx, deposit.memberId);
    const amount = `${member.currency} ${memberAmount(deposit, member)}`;
    await notifyMember(tx, {
      memberId: deposit.memberId,
      msg: `Your deposit of ${amount} has been received.`,
      severity: 'success',
    });
    // The SMS is written in this transaction and sent after commit (docs/decisions/037-sms-outbox.md).
    if (input.sendSms !== false)
      await enqueueSms(tx, {
        memberId: deposit.memberId,
        event: { kind: 'deposit_credited', params: { amount: smsMemberAmount(deposit, member) } },
        dedupeKey: `deposit:${deposit.id}`,
        at: input.at,
      });
  }
  return 'apply';
}

/** Records the amount actually paid on the (locked, pending) row when it differs from the amount asked. */
async function settlePaidAmount(tx: DbOrTx, deposit: DepositRow, paidLocalMinor: bigint | undefined): Promise<DepositRow> {
  if (paidLocalMinor === undefined || paidLocalMinor === deposit.amountLocalMinor) return deposit;
  const amountSystemMinor = localToSystemMinor(paidLocalMinor, deposit.rateMicro);
  if (amountSystemMinor <= 0n) throw new AppError('BAD_REQUEST', 'The amount paid is too small to credit');
  await updateDepositAmount(tx, deposit.id, { amountLocalMinor: paidLocalMinor, amountSystemMinor });
  return { ...deposit, amountLocalMinor: paidLocalMinor, amountSystemMinor };
}

/** Marks a deposit failed with the reason the member and the operator see; a completed one is never touched. */
export async function failDeposit(tx: DbOrTx, depositId: bigint, reason: string): Promise<Transition> {
  const deposit = await lockDeposit(tx, depositId);
  if (!deposit) throw new AppError('NOT_FOUND', 'Deposit not found');
  const decision = decideTransition(deposit, { type: 'fail', reason });
  if (decision === 'apply') {
    await updateDepositFailed(tx, deposit.id, reason);
    // The member hears once: when a timed-out push later gets M-Pesa's final reason, they were already told.
    if (deposit.method === 'stkpush' && deposit.status === PENDING) {
      const amount = await memberAmountText(tx, deposit);
      await notifyMember(tx, {
        memberId: deposit.memberId,
        msg: `Your M-Pesa payment of ${amount} did not go through: ${reason}.`,
        severity: 'warning',
      });
    }
  }
  return decision;
}

/** "500.00": the deposit as paid when paid in the member's currency, else converted at the member's rate. */
export function memberAmount(
  deposit: Pick<DepositRow, 'currency' | 'amountLocalMinor' | 'amountSystemMinor'>,
  member: MemberCurrency,
): string {
  if (deposit.currency === member.currency) return formatMinor(deposit.amountLocalMinor);
  return toMemberString(deposit.amountSystemMinor, member);
}

/** "KES 1,500.00": the deposit in the member's currency, grouped, as the SMS writes it. */
function smsMemberAmount(
  deposit: Pick<DepositRow, 'currency' | 'amountLocalMinor' | 'amountSystemMinor'>,
  member: MemberCurrency,
): string {
  if (deposit.currency === member.currency) return smsAmount(deposit.currency, deposit.amountLocalMinor);
  return smsAmount(member.currency, systemToLocalMinor(deposit.amountSystemMinor, member.rateMicro));
}

/** "KES 500.00": `memberAmount` with the member's currency. */
async function memberAmountText(tx: DbOrTx, deposit: DepositRow): Promise<string> {
  const member = await loadMemberCurrency(tx, deposit.memberId);
  return `${member.currency} ${memberAmount(deposit, member)}`;
}
