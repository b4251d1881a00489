import {
  formatMinor,
  minimumWithdrawalApplies,
  minimumWithdrawalMessage,
  parseDbMinor,
  tariffFeeMinor,
  WALLET_LABELS,
  WITHDRAW_ACCOUNTS,
  type WithdrawAccount,
} from '@tuzo/contracts';
import { withdrawals } from '../../db/schema.ts';
import { businessRow } from '../../ledger/business-row.ts';
import { movementPayload } from '../../ledger/movement.ts';
import { AppError } from '../../lib/errors.ts';
import type { RawSignals } from '../fraud-signals/index.ts';
import type { CountryReferenceRow } from '../reference/index.ts';
import { fromMemberAmount, parseMoneySettings, toMemberString, type MemberCurrency } from '../wallets/index.ts';
import { checkWithdrawalPayable } from './withdrawal-limits.ts';

/**
 * A withdrawal request's rules that need no row of the member, worked out from the process's reference copy before
 * the request's one call (decision 065), and the hold's movement that call makes.
 */

export type PayoutWallet = (typeof WITHDRAW_ACCOUNTS)[WithdrawAccount];

export type WithdrawalRequest = {
  memberId: bigint;
  countryId: number;
  phone: string;
  acc: WithdrawAccount;
  wallet: PayoutWallet;
  amountLocalMinor: bigint;
  idempotencyKey: string;
  at: Date;
  seen?: Pick<RawSignals, 'device' | 'ip'>;
};

export type Rules = ReturnType<typeof applyRules>;

/**
 * The rules that need no row of the member, in the order they have always been checked after the key's replay and
 * the task wallet's unlock: the minimum (Jumbo only, decision 007), the payout provider's limits, an amount too small
 * to convert. The first refusal, if any; otherwise what the hold moves.
 */
export function applyRules(
  request: Pick<WithdrawalRequest, 'acc' | 'wallet' | 'amountLocalMinor'>,
  country: CountryReferenceRow,
  stored: Record<string, unknown>,
) {
  const currency: MemberCurrency = {
    countryId: country.id,
    currency: country.currency,
    rateMicro: parseDbMinor(country.rate_micro),
  };
  const settings = parseMoneySettings(stored);
  const unlockMinor = request.wallet === 'balance' ? null : settings.taskWalletUnlockMinor;
  const locked = new AppError(
    'LIMIT_NOT_MET',
    `${WALLET_LABELS[request.wallet]} earnings can be withdrawn once that wallet reaches ${currency.currency} ${toMemberString(settings.taskWalletUnlockMinor, currency)}; withdraw from your Jumbo wallet for now`,
  );
  const refusal = (error: AppError) => ({ currency, unlockMinor, locked, refusal: error, hold: null });
  const minWithMinor = parseDbMinor(country.min_with_minor ?? '0');
  // `min_with` governs the Jumbo wallet only; the task wallets are governed by task_wallet_unlock (decision 007).
  if (minimumWithdrawalApplies(request.acc) && request.amountLocalMinor < minWithMinor) {
    return refusal(new AppError('LIMIT_NOT_MET', minimumWithdrawalMessage(currency.currency, formatMinor(minWithMinor))));
  }
  const tariff = (country.tariff ?? []).map(([min, max, fee]) => ({
    minMinor: parseDbMinor(min),
    maxMinor: parseDbMinor(max),
    tariffMinor: parseDbMinor(fee),
  }));
  // The charge applies to the Jumbo wallet only, as the spec's form shows it (section 9).
  const feeLocalMinor = request.wallet === 'balance' ? tariffFeeMinor(request.amountLocalMinor, tariff) : 0n;
  try {
    checkWithdrawalPayable(
      { abbreviation: country.abbreviation, stored },
      { amountMinor: request.amountLocalMinor, currency: currency.currency },
    );
  } catch (error) {
    if (error instanceof AppError) return refusal(error);
    throw error;
  }
  const amount = fromMemberAmount(request.amountLocalMinor, currency);
  const fee = fromMemberAmount(feeLocalMinor, currency);
  if (amount.systemMinor <= 0n) return refusal(new AppError('LIMIT_NOT_MET', 'Amount is too small'));
  return {
    currency,
    unlockMinor,
    locked,
    refusal: null,
    hold: { feeLocalMinor, amountSystemMinor: amount.systemMinor, feeSystemMinor: fee.systemMinor },
  };
}

/** The hold's movement: amount + fee from the wallet into hold:withdrawals, with the pending withdrawal row. */
export function holdMovement(
  request: WithdrawalRequest,
  hold: { feeLocalMinor: bigint; amountSystemMinor: bigint; feeSystemMinor: bigint },
  currency: MemberCurrency,
) {
  const { memberId, wallet, idempotencyKey, at } = request;
  const totalSystemMinor = hold.amountSystemMinor + hold.feeSystemMinor;
  return movementPayload({
    kind: 'withdrawal_hold',
    idempotencyKey,
    memberId,
    memo: `Withdrawal from ${WALLET_LABELS[wallet]} wallet (fee included)`,
    conversion: {
      rateMicro: currency.rateMicro,
      localAmountMinor: request.amountLocalMinor + hold.feeLocalMinor,
      currency: currency.currency,
    },
    request: { wallet, amountLocalMinor: request.amountLocalMinor },
    at,
    legs: [
      { account: { memberId, wallet }, amountMinor: -totalSystemMinor },
      { account: { system: 'hold:withdrawals' }, amountMinor: totalSystemMinor },
    ],
    // The payout goes to the phone the member has now, recorded with the request (decision 045): the call fills it.
    business: businessRow(withdrawals, 'holdTransactionId', {
      memberId,
      wallet,
      amountLocalMinor: request.amountLocalMinor,
      feeLocalMinor: hold.feeLocalMinor,
      currency: currency.currency,
      rateMicro: currency.rateMicro,
      amountSystemMinor: hold.amountSystemMinor,
      feeSystemMinor: hold.feeSystemMinor,
      status: 0,
      idempotencyKey,
      createdAt: at,
      payoutPhone: '',
      payoutName: null,
    }),
  });
}
