import { randomUUID } from 'node:crypto';
import {
  formatMinor,
  tariffFeeMinor,
  WALLET_LABELS,
  WITHDRAW_ACCOUNTS,
  WITHDRAWAL_MESSAGES,
  type AdminWithdrawalsData,
  type WithdrawAccount,
  type WithdrawalHistoryRow,
  type WithdrawData,
} from '@tuzo/contracts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import type { Leg } from '../../ledger/ledger.ts';
import { getWalletBalances, postTransaction } from '../../ledger/ledger.ts';
import { writeAudit } from '../audit/audit.repository.ts';
import { findCountryFees } from '../countries/countries.service.ts';
import { notifyMember } from '../notifications/notifications.service.ts';
import { fromMemberAmount, loadMemberCurrency, toMemberString, type MemberCurrency } from '../wallets/currency.ts';
import { localDateTime } from '../wallets/local-time.ts';
import { loadMoneySettings } from '../wallets/money-settings.ts';
import {
  insertWithdrawal,
  lockWithdrawal,
  markWithdrawalDecided,
  selectMemberWithdrawals,
  selectTariff,
  selectWithdrawalsPage,
  selectWithdrawalByKey,
  type WithdrawalRow,
} from './withdrawals.repository.ts';

const HISTORY_LIMIT = 100;
type PayoutWallet = (typeof WITHDRAW_ACCOUNTS)[WithdrawAccount];

/**
 * `systemwithdrawal`: amount + fee leave the wallet at once into hold:withdrawals, with a pending withdrawal row,
 * in one database transaction. Idempotent on `withdrawal:<member>:<client key>`; without a client key every
 * request is new. A repeat of a key returns the first result; the same key with another amount is a conflict.
 */
export async function requestWithdrawal(
  deps: AppDeps,
  input: { memberId: bigint; acc: WithdrawAccount; amountLocalMinor: bigint; clientKey: string | null },
): Promise<WithdrawData> {
  const wallet = WITHDRAW_ACCOUNTS[input.acc];
  const idempotencyKey = `withdrawal:${input.memberId}:${input.clientKey ?? `auto:${randomUUID()}`}`;
  const earlier = await selectWithdrawalByKey(deps.db, idempotencyKey);
  if (earlier) return replay(earlier, { wallet, amountLocalMinor: input.amountLocalMinor });

  const currency = await loadMemberCurrency(deps.db, input.memberId);
  const fees = await findCountryFees(deps.db, currency.countryId);
  await checkWalletUnlocked(deps, { memberId: input.memberId, wallet, currency });
  if (input.amountLocalMinor < fees.minWithMinor) {
    throw new AppError('LIMIT_NOT_MET', `Minimum withdrawal amount is ${currency.currency} ${formatMinor(fees.minWithMinor)}`);
  }
  // The charge applies to the Jumbo wallet only, as the spec's form shows it (section 9).
  const feeLocalMinor = wallet === 'balance' ? tariffFeeMinor(input.amountLocalMinor, await selectTariff(deps.db, currency.countryId)) : 0n;
  const amount = fromMemberAmount(input.amountLocalMinor, currency);
  const fee = fromMemberAmount(feeLocalMinor, currency);
  if (amount.systemMinor <= 0n) throw new AppError('LIMIT_NOT_MET', 'Amount is too small');
  const totalSystemMinor = amount.systemMinor + fee.systemMinor;

  return deps.db.transaction(async (tx) => {
    const posted = await postTransaction(tx, {
      kind: 'withdrawal_hold',
      idempotencyKey,
      memberId: input.memberId,
      memo: `Withdrawal from ${WALLET_LABELS[wallet]} wallet (fee included)`,
      conversion: { rateMicro: currency.rateMicro, localAmountMinor: input.amountLocalMinor + feeLocalMinor, currency: currency.currency },
      insufficientMessage: WITHDRAWAL_MESSAGES.exceedsBalance,
      legs: [
        { account: { memberId: input.memberId, wallet }, amountMinor: -totalSystemMinor },
        { account: { system: 'hold:withdrawals' }, amountMinor: totalSystemMinor },
      ],
    });
    if (posted.duplicate) {
      // A concurrent request with the same key committed first; its row is visible now.
      const first = await selectWithdrawalByKey(tx, idempotencyKey);
      if (!first) throw new Error(`Withdrawal hold ${posted.transactionId} has no withdrawal row`);
      return replay(first, { wallet, amountLocalMinor: input.amountLocalMinor });
    }
    const row = await insertWithdrawal(tx, {
      memberId: input.memberId,
      wallet,
      amountLocalMinor: input.amountLocalMinor,
      feeLocalMinor,
      currency: currency.currency,
      rateMicro: currency.rateMicro,
      amountSystemMinor: amount.systemMinor,
      feeSystemMinor: fee.systemMinor,
      status: 0,
      idempotencyKey,
      holdTransactionId: posted.transactionId,
    });
    return toWithdrawData(row);
  });
}

/**
 * YouTube, TikTok and Ads wallets pay out only once they hold the operator's unlock minimum (setting
 * `task_wallet_unlock`); below it the member is told the minimum and pointed to the Jumbo wallet.
 */
async function checkWalletUnlocked(deps: AppDeps, input: { memberId: bigint; wallet: PayoutWallet; currency: MemberCurrency }): Promise<void> {
  if (input.wallet === 'balance') return;
  const settings = await loadMoneySettings(deps.db);
  const balances = await getWalletBalances(deps.db, input.memberId);
  if (balances[input.wallet] >= settings.taskWalletUnlockMinor) return;
  const unlock = toMemberString(settings.taskWalletUnlockMinor, input.currency);
  throw new AppError(
    'LIMIT_NOT_MET',
    `${WALLET_LABELS[input.wallet]} earnings can be withdrawn once that wallet reaches ${input.currency.currency} ${unlock}; withdraw from your Jumbo wallet for now`,
  );
}

function replay(row: WithdrawalRow, request: { wallet: PayoutWallet; amountLocalMinor: bigint }): WithdrawData {
  if (row.wallet !== request.wallet || row.amountLocalMinor !== request.amountLocalMinor) {
    throw new AppError('CONFLICT', 'This idempotency key was already used for a different withdrawal');
  }
  return toWithdrawData(row);
}

function toWithdrawData(row: WithdrawalRow): WithdrawData {
  return {
    id: row.id.toString(),
    amount: formatMinor(row.amountLocalMinor),
    charges: formatMinor(row.feeLocalMinor),
    total: formatMinor(row.amountLocalMinor + row.feeLocalMinor),
    currency: row.currency,
    status: statusText(row.status),
  };
}

function statusText(status: number): '0' | '1' | '2' {
  if (status === 0 || status === 1 || status === 2) return String(status) as '0' | '1' | '2';
  throw new Error(`Unknown withdrawal status ${status}`);
}

/** `withdrawalhistory`: newest first, at most 100, amounts as the member entered them. */
export async function listWithdrawalHistory(deps: AppDeps, memberId: bigint): Promise<WithdrawalHistoryRow[]> {
  const rows = await selectMemberWithdrawals(deps.db, memberId, HISTORY_LIMIT);
  return rows.map((row, index) => {
    const { date, time } = localDateTime(row.createdAt, deps.config.TUZO_TIMEZONE);
    return {
      No: index + 1,
      Amount: formatMinor(row.amountLocalMinor),
      Charges: formatMinor(row.feeLocalMinor),
      Status: statusText(row.status),
      Date: date,
      Time: time,
    };
  });
}

export type WithdrawalDecision = 'complete' | 'decline';

/**
 * The withdrawal state machine, operator side: pending -> completed (the hold pays the provider the amount and
 * house:fees the fee) | declined (the hold refunds amount + fee to the wallet it came from). Every other
 * transition is refused. The row is locked first, so two operators deciding at once cannot both settle it.
 */
export async function decideWithdrawal(
  deps: AppDeps,
  input: { withdrawalId: bigint; decision: WithdrawalDecision; operatorId: bigint; ip: string },
): Promise<{ id: string; status: '1' | '2' }> {
  return deps.db.transaction(async (tx) => {
    const row = await lockWithdrawal(tx, input.withdrawalId);
    if (!row) throw new AppError('NOT_FOUND', 'Withdrawal not found');
    const next = transition(row, input.decision);
    const posted = await postTransaction(tx, {
      kind: next.kind,
      idempotencyKey: `withdrawal-settle:${row.id}`,
      memberId: row.memberId,
      memo: next.memo,
      legs: next.legs,
    });
    await markWithdrawalDecided(tx, { id: row.id, status: next.status, settleTransactionId: posted.transactionId, decidedBy: input.operatorId });
    await notifyMember(tx, { memberId: row.memberId, ...decisionNotice(row, next.status) });
    await writeAudit(tx, {
      actorId: input.operatorId,
      action: input.decision === 'complete' ? 'withdrawal.complete' : 'withdrawal.decline',
      targetType: 'withdrawal',
      targetId: row.id,
      before: { status: row.status },
      after: { status: next.status, settleTransactionId: posted.transactionId },
      ip: input.ip,
    });
    return { id: row.id.toString(), status: next.status === 2 ? '2' : '1' };
  });
}

/** What the member is told about the operator's decision, in the currency they withdrew in. */
function decisionNotice(row: WithdrawalRow, status: 1 | 2): { msg: string; severity: 'success' | 'warning' } {
  const amount = `${row.currency} ${formatMinor(row.amountLocalMinor)}`;
  if (status === 2) return { msg: `Your withdrawal of ${amount} has been paid.`, severity: 'success' };
  const wallet = WALLET_LABELS[row.wallet];
  const refunded =
    row.feeLocalMinor > 0n ? `${row.currency} ${formatMinor(row.amountLocalMinor + row.feeLocalMinor)} (amount and charge)` : amount;
  return { msg: `Your withdrawal of ${amount} was declined. ${refunded} is back in your ${wallet} wallet.`, severity: 'warning' };
}

interface Transition {
  status: 1 | 2;
  kind: 'withdrawal_complete' | 'withdrawal_refund';
  memo: string;
  legs: Leg[];
}

function transition(row: WithdrawalRow, decision: WithdrawalDecision): Transition {
  const held = row.amountSystemMinor + row.feeSystemMinor;
  const state = statusText(row.status);
  switch (state) {
    case '0': {
      switch (decision) {
        case 'complete':
          return {
            status: 2,
            kind: 'withdrawal_complete',
            memo: 'Withdrawal paid out',
            legs: [
              { account: { system: 'hold:withdrawals' }, amountMinor: -held },
              { account: { system: 'provider:payouts' }, amountMinor: row.amountSystemMinor },
              ...(row.feeSystemMinor > 0n ? [{ account: { system: 'house:fees' as const }, amountMinor: row.feeSystemMinor }] : []),
            ],
          };
        case 'decline':
          return {
            status: 1,
            kind: 'withdrawal_refund',
            memo: 'Withdrawal declined: refunded in full, fee included',
            legs: [
              { account: { system: 'hold:withdrawals' }, amountMinor: -held },
              { account: { memberId: row.memberId, wallet: row.wallet }, amountMinor: held },
            ],
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

/** `adminwithdrawals`: newest first, optionally one status, paged (limit at most 100). */
export async function listWithdrawalsForOperator(deps: AppDeps, input: { status?: '0' | '1' | '2'; page: number; limit: number }): Promise<AdminWithdrawalsData> {
  const status = input.status === undefined ? undefined : (Number(input.status) as 0 | 1 | 2);
  const { rows, total } = await selectWithdrawalsPage(deps.db, { status, offset: (input.page - 1) * input.limit, limit: input.limit });
  return {
    rows: rows.map((row) => ({
      id: row.id.toString(),
      username: row.username,
      phone: row.phone,
      wallet: row.wallet,
      amount: formatMinor(row.amountLocalMinor),
      fee: formatMinor(row.feeLocalMinor),
      currency: row.currency,
      amount_system: formatMinor(row.amountSystemMinor),
      fee_system: formatMinor(row.feeSystemMinor),
      status: String(row.status) as '0' | '1' | '2',
      created_at: row.createdAt.toISOString(),
      decided_at: row.decidedAt?.toISOString() ?? null,
      decided_by: row.decidedBy?.toString() ?? null,
    })),
    page: input.page,
    limit: input.limit,
    total,
  };
}
