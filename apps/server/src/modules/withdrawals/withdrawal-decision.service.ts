import { formatMinor, WALLET_LABELS } from '@tuzo/contracts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { recordMovement, type Leg } from '../../ledger/movement.ts';
import { enqueueSms, withdrawalSms } from '../sms/index.ts';
import { statusText } from './withdrawals.service.ts';
import {
  hasLivePayout,
  lockWithdrawal,
  markWithdrawalDecided,
  selectWithdrawal,
  type WithdrawalRow,
} from './withdrawals.repository.ts';

/**
 * Settling a held withdrawal: paid, the hold goes to provider:payouts (amount) and house:fees (charge); refused or
 * failed, amount and charge go back to the wallet they came from. The operator's decision (here) and a payout's
 * result (payouts/payout-settlement.ts) move the same legs.
 */
export function holdSettlementLegs(row: WithdrawalRow, isPaid: boolean): Leg[] {
  const held = row.amountSystemMinor + row.feeSystemMinor;
  if (!isPaid) {
    return [
      { account: { system: 'hold:withdrawals' }, amountMinor: -held },
      { account: { memberId: row.memberId, wallet: row.wallet }, amountMinor: held },
    ];
  }
  return [
    { account: { system: 'hold:withdrawals' }, amountMinor: -held },
    { account: { system: 'provider:payouts' }, amountMinor: row.amountSystemMinor },
    ...(row.feeSystemMinor > 0n ? [{ account: { system: 'house:fees' as const }, amountMinor: row.feeSystemMinor }] : []),
  ];
}

/** What a refund gives back, in the member's words: the amount, or amount and charge when there was a charge. */
export function refundedText(row: WithdrawalRow): string {
  return row.feeLocalMinor > 0n
    ? `${row.currency} ${formatMinor(row.amountLocalMinor + row.feeLocalMinor)} (amount and charge)`
    : `${row.currency} ${formatMinor(row.amountLocalMinor)}`;
}

export type WithdrawalDecision = 'complete' | 'decline';

/** The withdrawal as it stands, unlocked (to decide whether its approval needs a second operator), or null. */
export async function findWithdrawal(deps: AppDeps, id: bigint): Promise<WithdrawalRow | null> {
  return selectWithdrawal(deps.db, id);
}

/**
 * The withdrawal state machine, operator side: pending -> completed (the hold pays the provider the amount and
 * house:fees the fee) | declined (the hold refunds amount + fee to the wallet it came from). Every other
 * transition is refused. The row is locked first, so two operators deciding at once cannot both settle it. A
 * withdrawal whose payout is on its way is decided by that payout's result only (decision 032): completing a
 * withdrawal of a provider-paid country goes through the payouts module (`approveWithdrawal`), which calls this for
 * the countries paid by hand. `operatorId` null is the auto-pay rule acting for the system.
 */
export async function decideWithdrawal(
  deps: AppDeps,
  input: { withdrawalId: bigint; decision: WithdrawalDecision; operatorId: bigint | null; ip: string | null },
): Promise<{ id: string; status: '1' | '2' }> {
  return deps.db.transaction(async (tx) => {
    const row = await lockWithdrawal(tx, input.withdrawalId);
    if (!row) throw new AppError('NOT_FOUND', 'Withdrawal not found');
    // No staff member moves money into or out of their own account (docs/decisions/018-four-eyes.md).
    if (row.memberId === input.operatorId)
      throw new AppError('FORBIDDEN', 'Staff cannot decide their own withdrawal; another operator must do it');
    const next = transition(row, input.decision);
    // A payout on its way decides the withdrawal by its result (docs/decisions/032-payout-states.md).
    if (await hasLivePayout(tx, row.id))
      throw new AppError(
        'CONFLICT',
        'This withdrawal is being paid out; wait for the provider’s result or check with the provider',
      );
    const at = deps.clock.now();
    const recorded = await recordMovement(tx, {
      kind: next.kind,
      idempotencyKey: `withdrawal-settle:${row.id}`,
      memberId: row.memberId,
      memo: next.memo,
      legs: next.legs,
      at,
      notify: { memberId: row.memberId, ...decisionNotice(row, next.status) },
      audit: {
        actorId: input.operatorId,
        action: input.decision === 'complete' ? 'withdrawal.complete' : 'withdrawal.decline',
        targetType: 'withdrawal',
        targetId: row.id,
        before: { status: row.status },
        after: { status: next.status, settleTransactionId: '$transaction_id' },
        ip: input.ip,
      },
    });
    // The SMS is written in this transaction and sent after commit (docs/decisions/037-sms-outbox.md).
    const sms = withdrawalSms(row, { isPaid: next.status === 2 });
    await enqueueSms(tx, { memberId: row.memberId, event: sms, dedupeKey: `withdrawal:${row.id}`, at });
    await markWithdrawalDecided(tx, {
      id: row.id,
      status: next.status,
      settleTransactionId: recorded.transactionId,
      decidedBy: input.operatorId,
      decidedAt: at,
    });
    return { id: row.id.toString(), status: next.status === 2 ? '2' : '1' };
  });
}

/** What the member is told about the operator's decision, in the currency they withdrew in. */
function decisionNotice(row: WithdrawalRow, status: 1 | 2): { msg: string; severity: 'success' | 'warning' } {
  const amount = `${row.currency} ${formatMinor(row.amountLocalMinor)}`;
  if (status === 2) return { msg: `Your withdrawal of ${amount} has been paid.`, severity: 'success' };
  const wallet = WALLET_LABELS[row.wallet];
  return {
    msg: `Your withdrawal of ${amount} was declined. ${refundedText(row)} is back in your ${wallet} wallet.`,
    severity: 'warning',
  };
}

interface Transition {
  status: 1 | 2;
  kind: 'withdrawal_complete' | 'withdrawal_refund';
  memo: string;
  legs: Leg[];
}

function transition(row: WithdrawalRow, decision: WithdrawalDecision): Transition {
  const state = statusText(row.status);
  switch (state) {
    case '0': {
      switch (decision) {
        case 'complete':
          return {
            status: 2,
            kind: 'withdrawal_complete',
            memo: 'Withdrawal paid out',
            legs: holdSettlementLegs(row, true),
          };
        case 'decline':
          return {
            status: 1,
            kind: 'withdrawal_refund',
            memo: 'Withdrawal declined: refunded in full, fee included',
            legs: holdSettlementLegs(row, false),
          };
        default:
          return assertNever(decision);
      }
    }
    case '1':
      throw new AppError('CONFLICT', 'This withdrawal was already declined');
    case '2':
      throw new AppError('CONFLICT', 'This withdrawal was already completed');
    default:
      return assertNever(state);
  }
}

function assertNever(value: never): never {
  throw new Error(`Unhandled case: ${String(value)}`);
}
