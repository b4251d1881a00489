import { randomUUID } from 'node:crypto';
import {
  formatMinor,
  minimumWithdrawalApplies,
  minimumWithdrawalMessage,
  tariffFeeMinor,
  WALLET_LABELS,
  WITHDRAW_ACCOUNTS,
  WITHDRAWAL_MESSAGES,
  type WithdrawAccount,
  type WithdrawData,
} from '@tuzo/contracts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { withdrawals } from '../../db/schema.ts';
import { businessRow } from '../../ledger/business-row.ts';
import { enqueueSms, withdrawalSms } from '../sms/sms.service.ts';
import { recordMovement, type Leg } from '../../ledger/movement.ts';
import { fromMemberAmount, toMemberString, type MemberCurrency } from '../wallets/currency.ts';
import { assertWithdrawalPayable } from './withdrawal-limits.ts';
import { raiseRiskFlags } from '../payout-risk/payout-risk.service.ts';
import { payoutPhoneForRequest } from '../phone-changes/phone-changes.service.ts';
import { MONEY_SETTING_KEYS, parseMoneySettings, type MoneySettings } from '../wallets/money-settings.ts';
import {
  hasLivePayout,
  lockWithdrawal,
  markWithdrawalDecided,
  selectWithdrawalContext,
  selectWithdrawal,
  type WithdrawalRow,
} from './withdrawals.repository.ts';

/** The withdrawals table belongs to this module: a module that settles a withdrawal locks and reads its row here. */
export { lockWithdrawal, type WithdrawalRow };

type PayoutWallet = (typeof WITHDRAW_ACCOUNTS)[WithdrawAccount];

/**
 * `systemwithdrawal`: amount + fee leave the wallet at once into hold:withdrawals, with a pending withdrawal row.
 * Two round trips: one statement reads every fact the rules need (and the withdrawal already recorded under the
 * key), then one `recordMovement` call holds the money and writes the row, in its own transaction. Idempotent on
 * `withdrawal:<member>:<client key>`; without a client key every request is new. A repeat of a key returns the
 * first result; the same key with another wallet or amount is a 409 CONFLICT.
 */
export async function requestWithdrawal(
  deps: AppDeps,
  input: { memberId: bigint; acc: WithdrawAccount; amountLocalMinor: bigint; clientKey: string | null },
): Promise<WithdrawData> {
  const wallet = WITHDRAW_ACCOUNTS[input.acc];
  const idempotencyKey = `withdrawal:${input.memberId}:${input.clientKey ?? `auto:${randomUUID()}`}`;
  const context = await selectWithdrawalContext(deps.db, {
    memberId: input.memberId,
    wallet,
    idempotencyKey,
    settingKeys: MONEY_SETTING_KEYS,
  });
  if (!context) throw new AppError('NOT_FOUND', 'Member not found');
  if (context.earlier) return replay(context.earlier, { wallet, amountLocalMinor: input.amountLocalMinor });

  const currency: MemberCurrency = { countryId: context.countryId, currency: context.currency, rateMicro: context.rateMicro };
  checkWalletUnlocked({ wallet, currency, walletMinor: context.walletMinor, settings: parseMoneySettings(context.settings) });
  // `min_with` governs the Jumbo wallet only; the task wallets are governed by task_wallet_unlock (decision 007).
  if (minimumWithdrawalApplies(input.acc) && input.amountLocalMinor < context.minWithMinor) {
    throw new AppError('LIMIT_NOT_MET', minimumWithdrawalMessage(currency.currency, formatMinor(context.minWithMinor)));
  }
  // The charge applies to the Jumbo wallet only, as the spec's form shows it (section 9).
  const feeLocalMinor = wallet === 'balance' ? tariffFeeMinor(input.amountLocalMinor, context.tariff) : 0n;
  await assertWithdrawalPayable(deps, {
    memberId: input.memberId,
    amountMinor: input.amountLocalMinor,
    currency: currency.currency,
  });
  const amount = fromMemberAmount(input.amountLocalMinor, currency);
  const fee = fromMemberAmount(feeLocalMinor, currency);
  if (amount.systemMinor <= 0n) throw new AppError('LIMIT_NOT_MET', 'Amount is too small');
  const totalSystemMinor = amount.systemMinor + fee.systemMinor;
  const at = deps.clock.now();

  // The hold and the withdrawal's risk flags commit together: no approval sees it unflagged (decision 035).
  const recorded = await deps.db.transaction(async (tx) => {
    // The payout goes to the phone the member has now, recorded with the request (decision 045); refused while a
    // phone change's hold runs.
    const payoutPhone = await payoutPhoneForRequest(tx, deps, input.memberId);
    const held = await recordMovement(tx, {
      kind: 'withdrawal_hold',
      idempotencyKey,
      memberId: input.memberId,
      memo: `Withdrawal from ${WALLET_LABELS[wallet]} wallet (fee included)`,
      conversion: {
        rateMicro: currency.rateMicro,
        localAmountMinor: input.amountLocalMinor + feeLocalMinor,
        currency: currency.currency,
      },
      request: { wallet, amountLocalMinor: input.amountLocalMinor },
      at,
      insufficientMessage: WITHDRAWAL_MESSAGES.exceedsBalance,
      conflictMessage: CONFLICT_MESSAGE,
      legs: [
        { account: { memberId: input.memberId, wallet }, amountMinor: -totalSystemMinor },
        { account: { system: 'hold:withdrawals' }, amountMinor: totalSystemMinor },
      ],
      business: businessRow(withdrawals, 'holdTransactionId', {
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
        createdAt: at,
        payoutPhone,
        payoutName: null,
      }),
    });
    if (!held.business) throw new Error(`Withdrawal hold ${held.transactionId} has no withdrawal row`);
    await raiseRiskFlags(tx, deps, { withdrawalId: held.business.id, memberId: input.memberId, at });
    return held.business;
  });
  return toWithdrawData(recorded);
}

const CONFLICT_MESSAGE = 'This idempotency key was already used for a different withdrawal';

/**
 * YouTube, TikTok and Ads wallets pay out only once they hold the operator's unlock minimum (setting
 * `task_wallet_unlock`); below it the member is told the minimum and pointed to the Jumbo wallet.
 */
function checkWalletUnlocked(input: {
  wallet: PayoutWallet;
  currency: MemberCurrency;
  walletMinor: bigint;
  settings: MoneySettings;
}): void {
  if (input.wallet === 'balance') return;
  if (input.walletMinor >= input.settings.taskWalletUnlockMinor) return;
  const unlock = toMemberString(input.settings.taskWalletUnlockMinor, input.currency);
  throw new AppError(
    'LIMIT_NOT_MET',
    `${WALLET_LABELS[input.wallet]} earnings can be withdrawn once that wallet reaches ${input.currency.currency} ${unlock}; withdraw from your Jumbo wallet for now`,
  );
}

function replay(row: WithdrawalRow, request: { wallet: PayoutWallet; amountLocalMinor: bigint }): WithdrawData {
  if (row.wallet !== request.wallet || row.amountLocalMinor !== request.amountLocalMinor) {
    throw new AppError('CONFLICT', CONFLICT_MESSAGE);
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

export function statusText(status: number): '0' | '1' | '2' {
  if (status === 0 || status === 1 || status === 2) return String(status) as '0' | '1' | '2';
  throw new Error(`Unknown withdrawal status ${status}`);
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
  const refunded =
    row.feeLocalMinor > 0n
      ? `${row.currency} ${formatMinor(row.amountLocalMinor + row.feeLocalMinor)} (amount and charge)`
      : amount;
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
              ...(row.feeSystemMinor > 0n
                ? [{ account: { system: 'house:fees' as const }, amountMinor: row.feeSystemMinor }]
                : []),
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
