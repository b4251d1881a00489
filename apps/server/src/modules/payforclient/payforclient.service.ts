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
import { transfers } from '../../db/schema.ts';
import { businessRow } from '../../ledger/business-row.ts';
import { recordMovement } from '../../ledger/movement.ts';
import { fromMemberAmount, loadMemberCurrency, localDateTime, localNeededForSystem, toMemberString } from '../wallets/index.ts';
import {
  selectPaymentContext,
  selectTeamClient,
  selectTransferHistory,
  type PaymentContext,
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
 * and one transfer row. It does not activate the client. Two round trips: one named statement reads the payer's rate,
 * the client and any transfer already recorded under the key; one `recordMovement` call moves the money, in its own
 * transaction, with the client row locked FOR SHARE (so an activation of that client waits) and required inactive.
 * Idempotent on `payforclient:<payer>:<client key>`; the same key for another wallet, amount or client is a 409.
 */
export async function payForClient(
  deps: AppDeps,
  input: { payerId: bigint; acc: '1' | '2'; username: string; amountLocalMinor: bigint; clientKey: string | null },
): Promise<PayForClientData> {
  const wallet = PAY_FOR_CLIENT_WALLETS[input.acc];
  const idempotencyKey = automaticKey(deps.random, `payforclient:${input.payerId}`, input.clientKey);
  const context = await selectPaymentContext(deps.pool, { payerId: input.payerId, username: input.username, idempotencyKey });
  if (!context) throw new AppError('NOT_FOUND', 'Member not found');
  const { client, payer } = context;
  if (context.earlier) return replay(context.earlier, { wallet, amountLocalMinor: input.amountLocalMinor, client });
  if (!client) throw new AppError('NOT_FOUND', PAY_FOR_CLIENT_MESSAGES.notFound);
  refuseClient(client.status);
  const amount = fromMemberAmount(input.amountLocalMinor, payer);
  if (amount.systemMinor <= 0n) throw new AppError('LIMIT_NOT_MET', 'Amount is too small');
  const at = deps.clock.now();

  const recorded = await recordMovement(deps.db, {
    kind: 'pay_for_client',
    idempotencyKey,
    memberId: input.payerId,
    memo: `Pay for client ${client.username} from ${WALLET_LABELS[wallet]} wallet`,
    conversion: amount.conversion,
    request: { wallet, amountLocalMinor: input.amountLocalMinor, clientId: client.id },
    at,
    insufficientMessage: PAY_FOR_CLIENT_MESSAGES.insufficient[wallet],
    conflictMessage: CONFLICT_MESSAGE,
    guard: {
      memberId: client.id,
      statuses: ['inactive'],
      lock: 'share',
      refuse: (status) => clientRefusal(status) ?? new AppError('NOT_FOUND', PAY_FOR_CLIENT_MESSAGES.notFound),
    },
    legs: [
      { account: { memberId: input.payerId, wallet }, amountMinor: -amount.systemMinor },
      { account: { memberId: client.id, wallet: 'deposit' }, amountMinor: amount.systemMinor },
    ],
    business: businessRow(transfers, 'transactionId', {
      payerId: input.payerId,
      clientId: client.id,
      wallet,
      amountLocalMinor: input.amountLocalMinor,
      currency: payer.currency,
      rateMicro: payer.rateMicro,
      amountSystemMinor: amount.systemMinor,
      status: 2,
      idempotencyKey,
      createdAt: at,
    }),
  });
  const row = recorded.business;
  if (!row) throw new Error(`Transfer transaction ${recorded.transactionId} has no transfer row`);
  if (recorded.duplicate) return replay(row, { wallet, amountLocalMinor: input.amountLocalMinor, client });
  return toPayData(row, client.username);
}

const CONFLICT_MESSAGE = 'This idempotency key was already used for a different payment';

function clientRefusal(status: string): AppError | null {
  if (status === 'suspended') return new AppError('FORBIDDEN', PAY_FOR_CLIENT_MESSAGES.suspended);
  if (status === 'active') return new AppError('ALREADY_DONE', PAY_FOR_CLIENT_MESSAGES.alreadyActive);
  return null;
}

function refuseClient(status: string): void {
  const refusal = clientRefusal(status);
  if (refusal) throw refusal;
}

/** A repeat of a key answers with the first transfer, if it asked for the same wallet, amount and client. */
function replay(
  row: TransferRow,
  request: { wallet: 'balance' | 'deposit'; amountLocalMinor: bigint; client: PaymentContext['client'] },
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
