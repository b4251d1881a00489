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
import { automaticKey } from '../../lib/random.ts';
import { AppError } from '../../lib/errors.ts';
import { withdrawals } from '../../db/schema.ts';
import { businessRow } from '../../ledger/business-row.ts';
import { recordMovement } from '../../ledger/movement.ts';
import {
  MONEY_SETTING_KEYS,
  fromMemberAmount,
  parseMoneySettings,
  toMemberString,
  type MemberCurrency,
  type MoneySettings,
} from '../wallets/index.ts';
import { checkWithdrawalPayable, PAYABLE_SETTING_KEYS } from './withdrawal-limits.ts';
import { raiseRiskFlags } from '../payout-risk/index.ts';
import { recordSignals, type RawSignals } from '../fraud-signals/index.ts';
import { payoutPhoneForRequest } from '../phone-changes/index.ts';
import { selectWithdrawalContext, type WithdrawalRow } from './withdrawals.repository.ts';

/** The withdrawals table belongs to this module: a module that settles a withdrawal locks and reads its row here. */
type PayoutWallet = (typeof WITHDRAW_ACCOUNTS)[WithdrawAccount];

/**
 * `systemwithdrawal`: amount + fee leave the wallet at once into hold:withdrawals, with a pending withdrawal row.
 * One statement reads every fact the request's own rules need (the provider's limits included, and the withdrawal
 * already recorded under the key), then one transaction checks the phone-change hold, records the fraud signals,
 * holds the money with the row (`recordMovement`) and raises the risk flags. Idempotent on
 * `withdrawal:<member>:<client key>`; without a client key every request is new. A repeat of a key returns the
 * first result; the same key with another wallet or amount is a 409 CONFLICT.
 */
export async function requestWithdrawal(
  deps: AppDeps,
  input: {
    memberId: bigint;
    acc: WithdrawAccount;
    amountLocalMinor: bigint;
    clientKey: string | null;
    seen?: Pick<RawSignals, 'device' | 'ip'>;
  },
): Promise<WithdrawData> {
  const wallet = WITHDRAW_ACCOUNTS[input.acc];
  const idempotencyKey = automaticKey(deps.random, `withdrawal:${input.memberId}`, input.clientKey);
  const context = await selectWithdrawalContext(deps.db, {
    memberId: input.memberId,
    wallet,
    idempotencyKey,
    settingKeys: [...MONEY_SETTING_KEYS, ...PAYABLE_SETTING_KEYS],
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
  checkWithdrawalPayable(
    { ...context.payee, stored: context.settings },
    { amountMinor: input.amountLocalMinor, currency: currency.currency },
  );
  const amount = fromMemberAmount(input.amountLocalMinor, currency);
  const fee = fromMemberAmount(feeLocalMinor, currency);
  if (amount.systemMinor <= 0n) throw new AppError('LIMIT_NOT_MET', 'Amount is too small');
  const recorded = await holdWithdrawal(deps, {
    memberId: input.memberId,
    wallet,
    idempotencyKey,
    currency,
    amountLocalMinor: input.amountLocalMinor,
    feeLocalMinor,
    amountSystemMinor: amount.systemMinor,
    feeSystemMinor: fee.systemMinor,
    seen: input.seen ?? {},
  });
  return toWithdrawData(recorded);
}

/** Holds amount + fee and writes the pending withdrawal row, with its risk flags, in one transaction. */
async function holdWithdrawal(
  deps: AppDeps,
  hold: {
    memberId: bigint;
    wallet: PayoutWallet;
    idempotencyKey: string;
    currency: MemberCurrency;
    amountLocalMinor: bigint;
    feeLocalMinor: bigint;
    amountSystemMinor: bigint;
    feeSystemMinor: bigint;
    seen: Pick<RawSignals, 'device' | 'ip'>;
  },
) {
  const { wallet, idempotencyKey, currency, feeLocalMinor } = hold;
  const totalSystemMinor = hold.amountSystemMinor + hold.feeSystemMinor;
  const at = deps.clock.now();

  // The hold and the withdrawal's risk flags commit together: no approval sees it unflagged (decision 035).
  return deps.db.transaction(async (tx) => {
    // The payout goes to the phone the member has now, recorded with the request (decision 045); refused while a
    // phone change's hold runs.
    const payoutPhone = await payoutPhoneForRequest(tx, deps, hold.memberId);
    // Multi-account signals (decision 061), before the wallet is locked.
    const signals = { ...hold.seen, payoutPhone };
    await recordSignals(tx, deps, { memberId: hold.memberId, event: 'withdrawal', at, signals });
    const held = await recordMovement(tx, {
      kind: 'withdrawal_hold',
      idempotencyKey,
      memberId: hold.memberId,
      memo: `Withdrawal from ${WALLET_LABELS[wallet]} wallet (fee included)`,
      conversion: {
        rateMicro: currency.rateMicro,
        localAmountMinor: hold.amountLocalMinor + feeLocalMinor,
        currency: currency.currency,
      },
      request: { wallet, amountLocalMinor: hold.amountLocalMinor },
      at,
      insufficientMessage: WITHDRAWAL_MESSAGES.exceedsBalance,
      conflictMessage: CONFLICT_MESSAGE,
      legs: [
        { account: { memberId: hold.memberId, wallet }, amountMinor: -totalSystemMinor },
        { account: { system: 'hold:withdrawals' }, amountMinor: totalSystemMinor },
      ],
      business: businessRow(withdrawals, 'holdTransactionId', {
        memberId: hold.memberId,
        wallet,
        amountLocalMinor: hold.amountLocalMinor,
        feeLocalMinor,
        currency: currency.currency,
        rateMicro: currency.rateMicro,
        amountSystemMinor: hold.amountSystemMinor,
        feeSystemMinor: hold.feeSystemMinor,
        status: 0,
        idempotencyKey,
        createdAt: at,
        payoutPhone,
        payoutName: null,
      }),
    });
    if (!held.business) throw new Error(`Withdrawal hold ${held.transactionId} has no withdrawal row`);
    await raiseRiskFlags(tx, deps, { withdrawalId: held.business.id, memberId: hold.memberId, at });
    return held.business;
  });
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
