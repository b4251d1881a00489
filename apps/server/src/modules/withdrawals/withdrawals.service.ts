import { WITHDRAW_ACCOUNTS, WITHDRAWAL_MESSAGES, formatMinor, type WithdrawAccount, type WithdrawData } from '@tuzo/contracts';
import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { automaticKey } from '../../lib/random.ts';
import { AppError } from '../../lib/errors.ts';
import { movementOutcome } from '../../ledger/movement.ts';
import { riskFlagsPayload } from '../payout-risk/index.ts';
import { recordSignals, signalsPayload, type RawSignals } from '../fraud-signals/index.ts';
import { payoutPhoneForRequest, phoneHoldRefusal } from '../phone-changes/index.ts';
import { retryWhileStale } from '../reference/index.ts';
import { parseSettings } from '../settings/index.ts';
import { applyRules, holdMovement, type PayoutWallet, type Rules, type WithdrawalRequest } from './withdrawal-rules.ts';
import { readWithdrawal, requestInOneCall, type WithdrawalOutcome, type WithdrawalRow } from './withdrawals.repository.ts';

/** Read here from the reference copy besides the rules' settings (withdrawal-rules.ts) and the risk flags'. */
const REQUEST_SETTING_KEYS = ['payouts.phone_change_hold_hours'] as const;

/**
 * `systemwithdrawal`: amount + fee leave the wallet at once into hold:withdrawals, with a pending withdrawal row.
 * One call after the session check (decision 065): the rules that need no row of the member (conversion, fee,
 * minimum, the payout provider's limits, the task wallets' unlock minimum) are worked out from this process's
 * reference copy (the member's country and the settings), and `withdrawal_request` (migration 0526) checks that copy
 * is current, answers the withdrawal already under the key, refuses in the order the rules have always been checked
 * (a task wallet below its unlock, then the caller's refusal, then a phone change's hold), records the multi-account
 * signals, holds the money with the row and raises the risk flags, all in one transaction. A sighting the signals'
 * SQL leaves to TypeScript (a linking value shared with another account, decision 063) is recorded with
 * `recordSignals` in a transaction that then makes the same call without it. Idempotent on
 * `withdrawal:<member>:<client key>`; without a client key every request is new. A repeat of a key returns the first
 * result; the same key with another wallet or amount is a 409 CONFLICT.
 */
export async function requestWithdrawal(
  deps: AppDeps,
  input: {
    memberId: bigint;
    countryId: number;
    /** The member's phone as the caller read it (the session check): the call records signals for it if it is current. */
    phone: string;
    acc: WithdrawAccount;
    amountLocalMinor: bigint;
    clientKey: string | null;
    seen?: Pick<RawSignals, 'device' | 'ip'>;
  },
): Promise<WithdrawData> {
  const wallet = WITHDRAW_ACCOUNTS[input.acc];
  const request = {
    ...input,
    wallet,
    idempotencyKey: automaticKey(deps.random, `withdrawal:${input.memberId}`, input.clientKey),
    at: deps.clock.now(),
  };
  const first = await requestIn(deps, deps.db, request, true);
  if (first.status !== 'signals') return answerWithdrawal(first, request);
  // A sighting for the fraud-signals module's TypeScript: recorded first, in the transaction of the hold.
  return deps.db.transaction(async (tx) => {
    // The payout goes to the phone the member has now (decision 045); refused while a phone change's hold runs.
    const signals = { ...(input.seen ?? {}), payoutPhone: await payoutPhoneForRequest(tx, deps, input.memberId) };
    await recordSignals(tx, deps, { memberId: input.memberId, event: 'withdrawal', at: request.at, signals });
    const outcome = await requestIn(deps, tx, request, false);
    if (outcome.status === 'signals') throw new Error('withdrawal_request asked for signals it was not given');
    return answerWithdrawal(outcome, request);
  });
}

/** The request's one call, from the reference copy (reloaded while the call finds it stale). */
async function requestIn(deps: AppDeps, db: DbOrTx, request: WithdrawalRequest, withSignals: boolean) {
  return retryWhileStale(deps.reference, 'a withdrawal request', request.countryId, async (copy) => {
    const { data: reference, country } = copy;
    const rules = applyRules(request, country, reference.settings);
    const { 'payouts.phone_change_hold_hours': holdHours } = parseSettings(REQUEST_SETTING_KEYS, reference.settings);
    // The payout phone is the member's phone now (decision 045): the call records these signals only if it still is.
    const seen = { ...(request.seen ?? {}), payoutPhone: request.phone };
    const signals = withSignals
      ? signalsPayload(deps, { memberId: request.memberId, event: 'withdrawal', at: request.at, signals: seen })
      : null;
    return requestInOneCall(
      db,
      {
        memberId: request.memberId,
        countryId: country.id,
        referenceVersion: reference.version,
        idempotencyKey: request.idempotencyKey,
        wallet: request.wallet,
        unlockMinor: rules.unlockMinor,
        refuse: rules.refusal !== null,
        holdHours,
        at: request.at,
        signals,
        signalsPhone: request.phone,
        movement: rules.hold ? holdMovement(request, rules.hold, rules.currency) : null,
        risk: riskFlagsPayload(deps, { stored: reference.settings, at: request.at }),
      },
      { insufficientMessage: WITHDRAWAL_MESSAGES.exceedsBalance },
    ).then((outcome) => ({ ...outcome, rules, holdHours }));
  });
}

/** Every answer of the one call but `stale` and `signals`, as the AppErrors and data the action has always given. */
function answerWithdrawal(
  outcome: Exclude<WithdrawalOutcome, { status: 'stale' | 'signals' }> & { rules: Rules; holdHours: number },
  request: { wallet: PayoutWallet; amountLocalMinor: bigint },
): WithdrawData {
  switch (outcome.status) {
    case 'no_member':
      throw new AppError('NOT_FOUND', 'Member not found');
    case 'conflict':
      throw new AppError('CONFLICT', CONFLICT_MESSAGE);
    case 'earlier':
      return replay(outcome.withdrawal, request);
    case 'locked':
      // YouTube, TikTok and Ads wallets pay out only once they hold the operator's unlock minimum (`task_wallet_unlock`).
      throw outcome.rules.locked;
    case 'refused':
      if (!outcome.rules.refusal) throw new Error('withdrawal_request refused a request the rules let through');
      throw outcome.rules.refusal;
    case 'phone_hold':
      throw phoneHoldRefusal(outcome.holdHours, outcome.until);
    case 'moved': {
      const recorded = movementOutcome(outcome.movement, { read: readWithdrawal, conflictMessage: CONFLICT_MESSAGE });
      if (!recorded.business) throw new Error(`Withdrawal hold ${recorded.transactionId} has no withdrawal row`);
      return toWithdrawData(recorded.business);
    }
  }
}

const CONFLICT_MESSAGE = 'This idempotency key was already used for a different withdrawal';

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
