import { sql } from 'drizzle-orm';
import { parseDbMinor } from '@tuzo/contracts';
import type { DbOrTx } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import type { AccountRef, TransactionKind, WalletName } from './accounts.ts';
import { recordMovement, type Leg, type MovementInput } from './movement.ts';

export type { Leg } from './movement.ts';

/** A movement with legs only: the fields of `recordMovement`'s input a plain posting uses. */
export type PostTransactionInput = Pick<
  MovementInput,
  'kind' | 'idempotencyKey' | 'memberId' | 'legs' | 'memo' | 'reversesId' | 'conversion' | 'insufficientMessage' | 'at'
>;

export interface PostedTransaction {
  transactionId: bigint;
  /** True when the idempotency key had been used: nothing moved this time. */
  duplicate: boolean;
}

/**
 * A movement with no business row, notification or audit of its own (deposits, seeds, commissions): the same one
 * function, `recordMovement`, so the idempotency, locking, postings, balances and running totals are never copied.
 * A repeat of the key with other legs is a 409 CONFLICT.
 */
export async function postTransaction(tx: DbOrTx, input: PostTransactionInput): Promise<PostedTransaction> {
  const recorded = await recordMovement(tx, input);
  return { transactionId: recorded.transactionId, duplicate: recorded.duplicate };
}

/** Posts the exact opposite of an earlier transaction (a correction never edits or deletes postings). */
export async function reverseTransaction(
  tx: DbOrTx,
  input: {
    transactionId: bigint;
    idempotencyKey: string;
    memo: string;
    kind?: TransactionKind;
    insufficientMessage?: string;
    at?: Date;
  },
): Promise<PostedTransaction> {
  const rows = await tx.execute<{ code: string; amount_minor: string; member_id: string | null }>(sql`
    SELECT a.code, p.amount_minor, t.member_id
    FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id JOIN ledger_transactions t ON t.id = p.transaction_id
    WHERE p.transaction_id = ${input.transactionId} ORDER BY p.id`);
  if (rows.rows.length === 0) throw new AppError('NOT_FOUND', 'Transaction not found');
  const legs: Leg[] = rows.rows.map((row) => ({
    account: parseAccountCode(row.code),
    amountMinor: -parseDbMinor(row.amount_minor),
  }));
  const memberId = rows.rows[0]?.member_id;
  return postTransaction(tx, {
    kind: input.kind ?? 'reversal',
    idempotencyKey: input.idempotencyKey,
    memberId: memberId ? BigInt(memberId) : null,
    legs,
    memo: input.memo,
    reversesId: input.transactionId,
    insufficientMessage: input.insufficientMessage,
    at: input.at,
  });
}

/** Current balances of a member's wallets (zero for wallets never used). */
export async function getWalletBalances(db: DbOrTx, memberId: bigint): Promise<Record<WalletName, bigint>> {
  const rows = await db.execute<{ wallet: WalletName; balance_minor: string }>(
    sql`SELECT wallet, balance_minor FROM ledger_accounts WHERE member_id = ${memberId}`,
  );
  const balances: Record<WalletName, bigint> = { balance: 0n, deposit: 0n, ads: 0n, youtube: 0n, tiktok: 0n };
  for (const row of rows.rows) balances[row.wallet] = parseDbMinor(row.balance_minor);
  return balances;
}

export function parseAccountCode(code: string): AccountRef {
  const match = /^member:(\d+):(balance|deposit|ads|youtube|tiktok)$/.exec(code);
  if (match?.[1] && match[2]) return { memberId: BigInt(match[1]), wallet: match[2] as WalletName };
  return { system: code as AccountRef extends { system: infer S } ? S : never };
}
