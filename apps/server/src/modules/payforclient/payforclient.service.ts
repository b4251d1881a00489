import { randomUUID } from 'node:crypto';
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
import { AppError } from '../../lib/errors.ts';
import { getWalletBalances, postTransaction } from '../../ledger/ledger.ts';
import { fromMemberAmount, loadMemberCurrency, localNeededForSystem, toMemberString } from '../wallets/currency.ts';
import { localDateTime } from '../wallets/local-time.ts';
import { insertTransfer, selectTeamClient, selectTransferByKey, selectTransferHistory, selectUsername, type TransferRow } from './payforclient.repository.ts';

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
export async function confirmClient(deps: AppDeps, input: { payerId: bigint; username: string }): Promise<ConfirmPayForClientData> {
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
 * and one transfer row. It does not activate the client. Idempotent on `payforclient:<payer>:<client key>`.
 */
export async function payForClient(
  deps: AppDeps,
  input: { payerId: bigint; acc: '1' | '2'; username: string; amountLocalMinor: bigint; clientKey: string | null },
): Promise<PayForClientData> {
  const wallet = PAY_FOR_CLIENT_WALLETS[input.acc];
  const idempotencyKey = `payforclient:${input.payerId}:${input.clientKey ?? `auto:${randomUUID()}`}`;
  const earlier = await selectTransferByKey(deps.db, idempotencyKey);
  if (earlier) return replay(deps.db, earlier, { wallet, amountLocalMinor: input.amountLocalMinor });
  const payer = await loadMemberCurrency(deps.db, input.payerId);
  const amount = fromMemberAmount(input.amountLocalMinor, payer);
  if (amount.systemMinor <= 0n) throw new AppError('LIMIT_NOT_MET', 'Amount is too small');

  return deps.db.transaction(async (tx) => {
    const client = await findPayableClient(tx, { payerId: input.payerId, username: input.username, lock: true });
    const posted = await postTransaction(tx, {
      kind: 'pay_for_client',
      idempotencyKey,
      memberId: input.payerId,
      memo: `Pay for client ${client.username} from ${WALLET_LABELS[wallet]} wallet`,
      conversion: amount.conversion,
      insufficientMessage: PAY_FOR_CLIENT_MESSAGES.insufficient[wallet],
      legs: [
        { account: { memberId: input.payerId, wallet }, amountMinor: -amount.systemMinor },
        { account: { memberId: client.id, wallet: 'deposit' }, amountMinor: amount.systemMinor },
      ],
    });
    if (posted.duplicate) {
      const first = await selectTransferByKey(tx, idempotencyKey);
      if (!first) throw new Error(`Transfer transaction ${posted.transactionId} has no transfer row`);
      return replay(tx, first, { wallet, amountLocalMinor: input.amountLocalMinor });
    }
    const row = await insertTransfer(tx, {
      payerId: input.payerId,
      clientId: client.id,
      wallet,
      amountLocalMinor: input.amountLocalMinor,
      currency: payer.currency,
      rateMicro: payer.rateMicro,
      amountSystemMinor: amount.systemMinor,
      status: 2,
      idempotencyKey,
      transactionId: posted.transactionId,
    });
    return toPayData(row, client.username);
  });
}

/** Reads through the caller's handle: inside a transaction a second pool connection could wait forever. */
async function replay(db: DbOrTx, row: TransferRow, request: { wallet: 'balance' | 'deposit'; amountLocalMinor: bigint }) {
  if (row.wallet !== request.wallet || row.amountLocalMinor !== request.amountLocalMinor) {
    throw new AppError('CONFLICT', 'This idempotency key was already used for a different payment');
  }
  return toPayData(row, (await selectUsername(db, row.clientId)) ?? '');
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
