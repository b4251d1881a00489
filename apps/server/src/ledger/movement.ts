import { sql } from 'drizzle-orm';
import { parseDbMinor, type Severity } from '@tuzo/contracts';
import pg from 'pg';
import type { DbOrTx } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import { accountCode, type AccountRef, type TransactionKind } from './accounts.ts';
import type { BusinessRow } from './business-row.ts';

export interface Leg {
  account: AccountRef;
  /** Added to the account's balance: positive credits, negative debits. */
  amountMinor: bigint;
}

type Json = string | number | boolean | null | bigint | Date | Json[] | { [key: string]: Json | undefined };

/** Member statuses a guard may require (members.status). */
export type MemberStatus = 'inactive' | 'active' | 'suspended';

/** `R`: the business row's type (the table's row in db/schema.ts); `never` for a movement without one. */
export interface MovementInput<R = never> {
  kind: TransactionKind;
  /** Unique forever; a repeat returns the first result and moves nothing. Namespace it: `withdrawal:42:<key>`. */
  idempotencyKey: string;
  memberId?: bigint | null;
  legs: readonly Leg[];
  memo?: string;
  reversesId?: bigint;
  conversion?: { rateMicro: bigint; localAmountMinor: bigint; currency: string };
  /**
   * What the caller was asked to do, compared with the first request of the key: a replay with different content is a
   * 409 CONFLICT. Defaults to the kind and the legs, so a repeat that would move other money is never taken as a replay.
   */
  request?: Json;
  /** Business timestamp (deps.clock.now()) for the transaction, postings, business row, notification and audit. */
  at?: Date;
  /** Lock a member row (after the idempotency check) and require one of `statuses`; otherwise throw `refuse(status)`. */
  guard?: { memberId: bigint; statuses: readonly MemberStatus[]; lock: 'share' | 'update'; refuse: (status: string) => AppError };
  /**
   * The business row (`businessRow(table, transactionColumn, values)`, ledger/business-row.ts), inserted with the
   * transaction id in its transaction column; on a replay the first row comes back. The table must be listed in
   * `ledger_business_tables` (each feature's migration adds its own).
   */
  business?: BusinessRow<R>;
  notify?: { memberId: bigint; msg: string; severity: Severity };
  /**
   * The audit row. In `before`/`after`, a top-level string "$transaction_id", "$before:<account code>" or
   * "$after:<account code>" is replaced by the transaction id or that account's balance (minor units, as text).
   */
  audit?: {
    actorId: bigint | null;
    action: string;
    targetType?: string;
    targetId?: string | bigint;
    before?: Json;
    after?: Json;
    ip?: string | null;
  };
  /** Message of the INSUFFICIENT_FUNDS error when a wallet (or hold) would go negative. */
  insufficientMessage?: string;
  /** Message of the CONFLICT error when the key was used for a different request. */
  conflictMessage?: string;
}

export interface RecordedMovement<R = never> {
  transactionId: bigint;
  /** True when the idempotency key had been used: nothing moved this time, `business` is the first row. */
  duplicate: boolean;
  /** The business row as stored, read by its table's declaration (db/schema.ts), or null. */
  business: R | null;
  /** Balances of the locked accounts (member wallets, holds) before and after, by account code. */
  before: Map<string, bigint>;
  after: Map<string, bigint>;
}

const INSUFFICIENT = 'TZ001';
const GUARD_REFUSED = 'TZ002';

/**
 * Records one money movement: the only way money moves (docs/decisions/008-one-money-movement.md). One SQL function
 * call, `ledger_record_movement` (migration 0050), does in one round trip: the idempotency key with its request (a
 * replay returns the first result, a different request is a 409), the guard, the row locks in id order, the balance
 * checks, the balanced postings, the cached balances, the member running totals, the business row, the notification
 * and the audit row. Run it on the pool for a movement that is a transaction by itself (no BEGIN/COMMIT round
 * trips), or inside the caller's transaction when the movement is one step of a larger one.
 */
export async function recordMovement<R = never>(db: DbOrTx, input: MovementInput<R>): Promise<RecordedMovement<R>> {
  const payload = movementPayload(input);
  const result = await callLedgerFunction<MovementResultJson>(db, 'ledger_record_movement', payload, input);
  return movementOutcome(result, { read: input.business?.read, conflictMessage: input.conflictMessage });
}

/**
 * The jsonb `ledger_record_movement` takes for `input` (its legs checked balanced): what `recordMovement` sends, and
 * what a one-call money function is given to pass on (the withdrawal's, migration 0526).
 */
export function movementPayload<R>(input: MovementInput<R>): Record<string, unknown> {
  assertBalanced(input.legs);
  const legs = input.legs.map((leg) => ({ code: accountCode(leg.account), amount: leg.amountMinor }));
  const payload: Record<string, unknown> = {
    key: input.idempotencyKey,
    kind: input.kind,
    member_id: input.memberId ?? null,
    memo: input.memo ?? null,
    reverses_id: input.reversesId ?? null,
    rate_micro: input.conversion?.rateMicro ?? null,
    local_amount_minor: input.conversion?.localAmountMinor ?? null,
    local_currency: input.conversion?.currency ?? null,
    at: input.at ?? null,
    request: input.request ?? {
      kind: input.kind,
      legs: [...legs].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0)),
    },
    legs,
  };
  if (input.guard)
    payload.guard = { member_id: input.guard.memberId, statuses: [...input.guard.statuses], lock: input.guard.lock };
  if (input.business)
    payload.business = {
      table: input.business.table,
      transaction_column: input.business.transactionColumn,
      row: input.business.row,
    };
  if (input.notify) payload.notify = { member_id: input.notify.memberId, msg: input.notify.msg, severity: input.notify.severity };
  if (input.audit) {
    const a = input.audit;
    payload.audit = {
      actor_id: a.actorId,
      action: a.action,
      target_type: a.targetType ?? null,
      target_id: a.targetId ?? null,
      before: a.before ?? null,
      after: a.after ?? null,
      ip: a.ip ?? null,
    };
  }
  return payload;
}

/** How a refusal raised by the ledger's SQL becomes the caller's error. */
export interface LedgerRefusals {
  /** Message of the INSUFFICIENT_FUNDS error when a wallet (or hold) would go negative. */
  insufficientMessage?: string;
  /** The movement's guard refused the member's status (`missing` when there is no such member). */
  guard?: { refuse: (status: string) => AppError };
}

/** The ledger's SQL functions that take one jsonb and answer one jsonb (migrations 0460, 0521-0524, 0526-0528). */
export type LedgerFunction =
  | 'ledger_record_movement'
  | 'payforclient_pay'
  | 'activation_activate'
  | 'spins_play'
  | 'withdrawal_request'
  | 'videos_pay'
  | 'ads_respond'
  | 'bonuses_claim'
  | 'trivia_answer';

/**
 * One call of a ledger SQL function, one round trip: on the pool (a movement that is its own transaction) a named
 * statement, planned once per connection; inside the caller's transaction on its connection. A wallet that would go
 * negative or a guard's refusal comes back as the caller's AppError (`insufficientMessage`, `guard.refuse`).
 */
export async function callLedgerFunction<T>(
  db: DbOrTx,
  fn: LedgerFunction,
  payload: unknown,
  refusals: LedgerRefusals,
): Promise<T> {
  try {
    const json = toJson(payload);
    const pool = poolOf(db);
    const rows = pool
      ? await pool.query<{ r: T }>({ name: fn, text: `SELECT ${fn}($1::jsonb) AS r`, values: [json] })
      : await db.execute<{ r: T }>(sql`SELECT ${sql.raw(fn)}(${json}::jsonb) AS r`);
    const row = rows.rows[0];
    if (!row) throw new Error(`${fn} returned no row`);
    return row.r;
  } catch (error) {
    throw translateError(error, refusals);
  }
}

/** What `ledger_record_movement` answered, as `recordMovement` returns it (a conflict is the caller's 409). */
export function movementOutcome<R>(
  result: MovementResultJson,
  input: { read?: (json: unknown) => R; conflictMessage?: string },
): RecordedMovement<R> {
  if (result.status === 'conflict') {
    throw new AppError('CONFLICT', input.conflictMessage ?? 'This idempotency key was already used for a different request');
  }
  return {
    transactionId: BigInt(result.transaction_id),
    duplicate: result.status === 'replay',
    business: result.business && input.read ? input.read(result.business) : null,
    before: toBalances(result.before),
    after: toBalances(result.after),
  };
}

export interface MovementResultJson {
  status: 'posted' | 'replay' | 'conflict';
  transaction_id: string;
  business?: unknown;
  before?: Record<string, string>;
  after?: Record<string, string>;
}

/** The pool behind the app's database handle; null inside a transaction (which must keep its own connection). */
function poolOf(db: DbOrTx): pg.Pool | null {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
}

function toBalances(json: Record<string, string> | undefined): Map<string, bigint> {
  return new Map(Object.entries(json ?? {}).map(([code, text]) => [code, parseDbMinor(text)]));
}

/** JSON with bigints as strings (PostgreSQL casts them back) and dates as ISO instants. */
function toJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => (typeof inner === 'bigint' ? inner.toString() : inner));
}

function translateError(error: unknown, input: LedgerRefusals): unknown {
  const cause = (error as { cause?: unknown }).cause ?? error;
  const pgError = cause as { code?: string; detail?: string };
  if (pgError.code === INSUFFICIENT)
    return new AppError('INSUFFICIENT_FUNDS', input.insufficientMessage ?? 'Insufficient balance');
  if (pgError.code === GUARD_REFUSED && input.guard) return input.guard.refuse(pgError.detail ?? 'missing');
  return error;
}

export function assertBalanced(legs: readonly Leg[]): void {
  if (legs.length < 2) throw new Error('A ledger transaction needs at least two legs');
  let sum = 0n;
  for (const leg of legs) {
    if (leg.amountMinor === 0n) throw new Error('A ledger leg cannot be zero');
    sum += leg.amountMinor;
  }
  if (sum !== 0n) throw new Error(`Unbalanced ledger transaction: legs sum to ${sum}`);
}
