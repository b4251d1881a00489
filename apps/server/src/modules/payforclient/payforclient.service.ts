import {
  formatMinor,
  localToSystemMinor,
  PAY_FOR_CLIENT_MESSAGES,
  PAY_FOR_CLIENT_WALLETS,
  WALLET_LABELS,
  type ConfirmPayForClientData,
  type PayForClientData,
  type TransferHistoryRow,
} from '@tuzo/contracts';
import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { automaticKey } from '../../lib/random.ts';
import { AppError } from '../../lib/errors.ts';
import { getWalletBalances } from '../../ledger/ledger.ts';
import { movementOutcome } from '../../ledger/movement.ts';
import { retryWhileStale } from '../reference/index.ts';
import { fromMemberAmount, loadMemberCurrency, localDateTime, localNeededForSystem, toMemberString } from '../wallets/index.ts';
import {
  payInOneCall,
  readTransfer,
  selectTeamClient,
  selectTransferHistory,
  type PaymentOutcome,
  type TeamClient,
  type TransferRow,
} from './payforclient.repository.ts';

const HISTORY_LIMIT = 100;
type Client = NonNullable<Awaited<ReturnType<typeof selectTeamClient>>>;

/** The client must be in the payer's levels 1-3, not suspended and not yet active. */
async function findPayableClient(db: DbOrTx, input: { payerId: bigint; username: string; lock?: boolean }): Promise<Client> {
  const client = await selectTeamClient(db, input);
  if (!client) throw new AppError('NOT_FOUND', PAY_FOR_CLIENT_MESSAGES.notFound);
  if (client.status === 'suspended') throw new AppError('FORBIDDEN', PAY_FOR_CLIENT_MESSAGES.suspended);
  if (client.status === 'active') throw new AppError('ALREADY_DONE', PAY_FOR_CLIENT_MESSAGES.alreadyActive);
  return client;
}

/** `confirmpayforclient`: the payer's Jumbo and Deposit balances and what the client still misses, payer's currency. */
export async function confirmClient(
  deps: AppDeps,
  input: { payerId: bigint; username: string },
): Promise<ConfirmPayForClientData> {
  const client = await findPayableClient(deps.db, input);
  const payer = await loadMemberCurrency(deps.db, input.payerId);
  const payerWallets = await getWalletBalances(deps.db, input.payerId);
  const clientWallets = await getWalletBalances(deps.db, client.id);
  const feeSystemMinor = localToSystemMinor(client.cregMinor ?? 0n, client.rateMicro);
  const missingSystemMinor = feeSystemMinor > clientWallets.deposit ? feeSystemMinor - clientWallets.deposit : 0n;
  return {
    username: client.username,
    balance: toMemberString(payerWallets.balance, payer),
    deposit: toMemberString(payerWallets.deposit, payer),
    missing: formatMinor(localNeededForSystem(missingSystemMinor, payer.rateMicro)),
    currency: payer.currency,
  };
}

/**
 * `payforclient`: payer's Jumbo (1) or Deposit (2) wallet -> the client's Deposit wallet, one ledger transaction
 * and one transfer row. It does not activate the client. One round trip after the session check (decision 065): the
 * amount is converted with this process's reference copy (the payer's country), and one call, `payforclient_pay`,
 * checks that copy is current, reads the client and any transfer under the key, refuses, or moves the money with the
 * client row locked FOR SHARE (so an activation of that client waits) and required inactive. A stale copy is reloaded
 * and the call made again. Idempotent on `payforclient:<payer>:<client key>`; the same key for another wallet, amount
 * or client is a 409.
 */
export async function payForClient(
  deps: AppDeps,
  input: {
    payerId: bigint;
    countryId: number;
    acc: '1' | '2';
    username: string;
    amountLocalMinor: bigint;
    clientKey: string | null;
  },
): Promise<PayForClientData> {
  const wallet = PAY_FOR_CLIENT_WALLETS[input.acc];
  const idempotencyKey = automaticKey(deps.random, `payforclient:${input.payerId}`, input.clientKey);
  const at = deps.clock.now();
  const outcome = await retryWhileStale(deps.reference, 'a payment', input.countryId, async (copy) => {
    const payer = copy.currency;
    const amount = fromMemberAmount(input.amountLocalMinor, payer);
    const request = {
      payerId: input.payerId,
      countryId: payer.countryId,
      referenceVersion: copy.data.version,
      username: input.username,
      idempotencyKey,
      wallet,
      walletLabel: WALLET_LABELS[wallet],
      amountLocalMinor: input.amountLocalMinor,
      amountSystemMinor: amount.systemMinor,
      currency: payer.currency,
      rateMicro: payer.rateMicro,
      at,
    };
    return payInOneCall(deps.db, request, {
      insufficientMessage: PAY_FOR_CLIENT_MESSAGES.insufficient[wallet],
      guard: { refuse: refuseAtLock },
    });
  });
  return answerPayment(outcome, { wallet, amountLocalMinor: input.amountLocalMinor });
}

/** The client's status changed between the read and the lock (the movement's guard). */
function refuseAtLock(status: string): AppError {
  return clientRefusal(status) ?? new AppError('NOT_FOUND', PAY_FOR_CLIENT_MESSAGES.notFound);
}

/** Every answer of the one call but `stale`, as the AppErrors and data the action has always given. */
function answerPayment(
  outcome: Exclude<PaymentOutcome, { status: 'stale' }>,
  request: { wallet: 'balance' | 'deposit'; amountLocalMinor: bigint },
): PayForClientData {
  switch (outcome.status) {
    case 'no_payer':
      throw new AppError('NOT_FOUND', 'Member not found');
    case 'earlier':
      return replay(outcome.transfer, { ...request, client: outcome.client });
    case 'no_client':
      throw new AppError('NOT_FOUND', PAY_FOR_CLIENT_MESSAGES.notFound);
    case 'suspended':
    case 'active':
      throw refuseAtLock(outcome.status);
    case 'too_small':
      throw new AppError('LIMIT_NOT_MET', 'Amount is too small');
    case 'moved': {
      const recorded = movementOutcome(outcome.movement, { read: readTransfer, conflictMessage: CONFLICT_MESSAGE });
      const row = recorded.business;
      if (!row) throw new Error(`Transfer transaction ${recorded.transactionId} has no transfer row`);
      if (recorded.duplicate) return replay(row, { ...request, client: outcome.client });
      return toPayData(row, outcome.client.username);
    }
  }
}

const CONFLICT_MESSAGE = 'This idempotency key was already used for a different payment';

function clientRefusal(status: string): AppError | null {
  if (status === 'suspended') return new AppError('FORBIDDEN', PAY_FOR_CLIENT_MESSAGES.suspended);
  if (status === 'active') return new AppError('ALREADY_DONE', PAY_FOR_CLIENT_MESSAGES.alreadyActive);
  return null;
}

/** A repeat of a key answers with the first transfer, if it asked for the same wallet, amount and client. */
function replay(
  row: TransferRow,
  request: { wallet: 'balance' | 'deposit'; amountLocalMinor: bigint; client: TeamClient | null },
) {
  if (row.wallet !== request.wallet || row.amountLocalMinor !== request.amountLocalMinor || row.clientId !== request.client?.id) {
    throw new AppError('CONFLICT', CONFLICT_MESSAGE);
  }
  return toPayData(row, request.client.username);
}

function toPayData(row: TransferRow, username: string): PayForClientData {
  return {
    id: row.id.toString(),
    username,
    amount: formatMinor(row.amountLocalMinor),
    currency: row.currency,
    wallet: row.wallet === 'balance' ? 'Jumbo' : 'Deposit',
  };
}

/**
 * `populatepayfroclient`: transfers sent (amount as entered, the wallet paid from) and received (converted into
 * the member's currency, landed in Deposit), newest first, at most 100.
 */
export async function listTransfers(deps: AppDeps, memberId: bigint): Promise<TransferHistoryRow[]> {
  const me = await loadMemberCurrency(deps.db, memberId);
  const rows = await selectTransferHistory(deps.db, memberId, HISTORY_LIMIT);
  return rows.map((row) => {
    const isSent = row.payerId === memberId;
    const { date, time } = localDateTime(row.createdAt, deps.config.TUZO_TIMEZONE);
    return {
      Username: isSent ? row.clientUsername : row.payerUsername,
      Amount: isSent ? formatMinor(row.amountLocalMinor) : toMemberString(row.amountSystemMinor, me),
      Wallet: isSent ? (row.wallet === 'balance' ? 'Jumbo' : 'Deposit') : 'Deposit',
      Status: row.status === 2 ? '2' : row.status === 1 ? '1' : '0',
      Date: `${date} ${time}`,
      Direction: isSent ? 'sent' : 'received',
    };
  });
}
