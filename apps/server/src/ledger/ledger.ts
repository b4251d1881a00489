import { sql } from 'drizzle-orm';
import { parseDbMinor } from '@tuzo/contracts';
import type { DbOrTx } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import { accountCode, type AccountRef, type TransactionKind, type WalletName } from './accounts.ts';

export interface Leg {
  account: AccountRef;
  /** Added to the account's balance: positive credits, negative debits. */
  amountMinor: bigint;
}

export interface PostTransactionInput {
  kind: TransactionKind;
  /** Unique forever; a repeat returns the first transaction and moves nothing. Namespace it: `withdrawal:42:<key>`. */
  idempotencyKey: string;
  memberId?: bigint | null;
  legs: readonly Leg[];
  memo?: string;
  reversesId?: bigint;
  conversion?: { rateMicro: bigint; localAmountMinor: bigint; currency: string };
  /** Message of the INSUFFICIENT_FUNDS error when a member wallet would go negative. */
  insufficientMessage?: string;
}

export interface PostedTransaction {
  transactionId: bigint;
  /** True when the idempotency key had been used: nothing moved this time. */
  duplicate: boolean;
}

interface LockedAccount {
  id: bigint;
  code: string;
  balanceMinor: bigint;
  allowNegative: boolean;
}

/**
 * Posts one balanced transaction. Must run inside the caller's database transaction (services own transactions),
 * so the postings, the balance rows and the business row commit or roll back together.
 *
 * Invariants checked here, before writing: at least two legs, no zero leg, legs sum to zero. Account rows are
 * locked with SELECT ... FOR UPDATE in id order so concurrent movements cannot deadlock or overspend; a member
 * wallet that would go below zero raises INSUFFICIENT_FUNDS (and the database CHECK backs that up).
 */
export async function postTransaction(tx: DbOrTx, input: PostTransactionInput): Promise<PostedTransaction> {
  assertBalanced(input.legs);
  const inserted = await tx.execute<{ id: string }>(sql`
    INSERT INTO ledger_transactions (kind, idempotency_key, member_id, reverses_id, memo, rate_micro, local_amount_minor, local_currency)
    VALUES (${input.kind}, ${input.idempotencyKey}, ${input.memberId ?? null}, ${input.reversesId ?? null}, ${input.memo ?? null},
            ${input.conversion?.rateMicro ?? null}, ${input.conversion?.localAmountMinor ?? null}, ${input.conversion?.currency ?? null})
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING id`);
  const newId = inserted.rows[0]?.id;
  if (newId === undefined) {
    const existing = await tx.execute<{ id: string }>(sql`SELECT id FROM ledger_transactions WHERE idempotency_key = ${input.idempotencyKey}`);
    const id = existing.rows[0]?.id;
    if (id === undefined) throw new Error(`Idempotency key vanished: ${input.idempotencyKey}`);
    return { transactionId: BigInt(id), duplicate: true };
  }
  const transactionId = BigInt(newId);
  const deltas = sumByAccount(input.legs);
  const accounts = await lockAccounts(tx, [...deltas.keys()], input.legs);
  for (const account of accounts) {
    const next = account.balanceMinor + (deltas.get(account.code) ?? 0n);
    if (next < 0n && !account.allowNegative) {
      throw new AppError('INSUFFICIENT_FUNDS', input.insufficientMessage ?? 'Insufficient balance');
    }
  }
  const byCode = new Map(accounts.map((a) => [a.code, a]));
  const values = input.legs.map((leg) => {
    const account = byCode.get(accountCode(leg.account));
    if (!account) throw new Error(`Account not found: ${accountCode(leg.account)}`);
    return sql`(${transactionId}, ${account.id}, ${leg.amountMinor})`;
  });
  await tx.execute(sql`INSERT INTO ledger_postings (transaction_id, account_id, amount_minor) VALUES ${sql.join(values, sql`, `)}`);
  // Cached balances are kept for accounts that must not go negative; the CHECK constraint backs the code check.
  const changes = accounts
    .filter((account) => !account.allowNegative && (deltas.get(account.code) ?? 0n) !== 0n)
    .map((account) => sql`(${account.id}::bigint, ${deltas.get(account.code) ?? 0n}::bigint)`);
  if (changes.length > 0) {
    await tx.execute(sql`
      UPDATE ledger_accounts AS a SET balance_minor = a.balance_minor + v.delta
      FROM (VALUES ${sql.join(changes, sql`, `)}) AS v (id, delta) WHERE a.id = v.id`);
  }
  return { transactionId, duplicate: false };
}

/** Posts the exact opposite of an earlier transaction (a correction never edits or deletes postings). */
export async function reverseTransaction(
  tx: DbOrTx,
  input: { transactionId: bigint; idempotencyKey: string; memo: string; kind?: TransactionKind; insufficientMessage?: string },
): Promise<PostedTransaction> {
  const rows = await tx.execute<{ code: string; amount_minor: string; member_id: string | null }>(sql`
    SELECT a.code, p.amount_minor, t.member_id
    FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id JOIN ledger_transactions t ON t.id = p.transaction_id
    WHERE p.transaction_id = ${input.transactionId} ORDER BY p.id`);
  if (rows.rows.length === 0) throw new AppError('NOT_FOUND', 'Transaction not found');
  const legs: Leg[] = rows.rows.map((row) => ({ account: parseAccountCode(row.code), amountMinor: -parseDbMinor(row.amount_minor) }));
  const memberId = rows.rows[0]?.member_id;
  return postTransaction(tx, {
    kind: input.kind ?? 'reversal',
    idempotencyKey: input.idempotencyKey,
    memberId: memberId ? BigInt(memberId) : null,
    legs,
    memo: input.memo,
    reversesId: input.transactionId,
    insufficientMessage: input.insufficientMessage,
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

function assertBalanced(legs: readonly Leg[]): void {
  if (legs.length < 2) throw new Error('A ledger transaction needs at least two legs');
  let sum = 0n;
  for (const leg of legs) {
    if (leg.amountMinor === 0n) throw new Error('A ledger leg cannot be zero');
    sum += leg.amountMinor;
  }
  if (sum !== 0n) throw new Error(`Unbalanced ledger transaction: legs sum to ${sum}`);
}

function sumByAccount(legs: readonly Leg[]): Map<string, bigint> {
  const deltas = new Map<string, bigint>();
  for (const leg of legs) {
    const code = accountCode(leg.account);
    deltas.set(code, (deltas.get(code) ?? 0n) + leg.amountMinor);
  }
  return deltas;
}

/**
 * Finds (creating when missing) every account of the transaction, then locks the ones that must not go negative
 * (member wallets, holds) with SELECT ... FOR UPDATE in id order. System accounts that may go negative (providers,
 * house) are not locked and keep no cached balance: their balance is the sum of their postings, so they are
 * never a row that every transaction waits on (docs/decisions/003-ledger-hot-accounts.md).
 */
async function lockAccounts(tx: DbOrTx, codes: string[], legs: readonly Leg[]): Promise<LockedAccount[]> {
  const codeList = sql.join(codes.map((code) => sql`${code}`), sql`, `);
  const selectLocked = () =>
    tx.execute<{ id: string; code: string; balance_minor: string }>(sql`
      SELECT id, code, balance_minor FROM ledger_accounts
      WHERE code IN (${codeList}) AND NOT allow_negative
      ORDER BY id FOR UPDATE`);
  const selectUnlocked = () =>
    tx.execute<{ id: string; code: string }>(sql`SELECT id, code FROM ledger_accounts WHERE code IN (${codeList}) AND allow_negative`);

  // Most movements are between existing member wallets: one locking SELECT finds them all.
  let locked = await selectLocked();
  let unlocked = locked.rows.length < codes.length ? await selectUnlocked() : { rows: [] as { id: string; code: string }[] };
  if (locked.rows.length + unlocked.rows.length < codes.length) {
    await createMissingAccounts(tx, codes, legs, new Set([...locked.rows, ...unlocked.rows].map((row) => row.code)));
    locked = await selectLocked();
    unlocked = await selectUnlocked();
  }
  return [
    ...locked.rows.map((row) => ({ id: BigInt(row.id), code: row.code, balanceMinor: parseDbMinor(row.balance_minor), allowNegative: false })),
    ...unlocked.rows.map((row) => ({ id: BigInt(row.id), code: row.code, balanceMinor: 0n, allowNegative: true })),
  ];
}

async function createMissingAccounts(tx: DbOrTx, codes: string[], legs: readonly Leg[], known: Set<string>): Promise<void> {
  const refs = new Map(legs.map((leg) => [accountCode(leg.account), leg.account]));
  for (const code of [...codes].sort()) {
    const ref = refs.get(code);
    if (!ref || known.has(code)) continue;
    if ('system' in ref) {
      await tx.execute(sql`
        INSERT INTO ledger_accounts (code, kind, allow_negative) VALUES (${code}, 'system', ${!code.startsWith('hold:')})
        ON CONFLICT (code) DO NOTHING`);
    } else {
      await tx.execute(sql`
        INSERT INTO ledger_accounts (code, kind, member_id, wallet) VALUES (${code}, 'member', ${ref.memberId}, ${ref.wallet})
        ON CONFLICT (code) DO NOTHING`);
    }
  }
}
