import { and, eq, sql } from 'drizzle-orm';
import { parseDbMinor } from '@tuzo/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { rowFromJson } from '../../db/row-json.ts';
import { withdrawals } from '../../db/schema.ts';
import { callLedgerFunction, type LedgerRefusals, type MovementResultJson } from '../../ledger/movement.ts';
import { type StaleReference, staleReference } from '../reference/index.ts';

export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type NewWithdrawal = typeof withdrawals.$inferInsert;

/** Locks one withdrawal for a decision (FOR UPDATE): a second operator waits and then sees the new status. */
export async function lockWithdrawal(tx: DbOrTx, id: bigint): Promise<WithdrawalRow | null> {
  const rows = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update').limit(1);
  return rows[0] ?? null;
}

/** The withdrawal as it stands, unlocked (to decide whether its approval needs a second operator). */
export async function selectWithdrawal(db: DbOrTx, id: bigint): Promise<WithdrawalRow | null> {
  const rows = await db.select().from(withdrawals).where(eq(withdrawals.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function markWithdrawalDecided(
  tx: DbOrTx,
  input: { id: bigint; status: 1 | 2; settleTransactionId: bigint; decidedBy: bigint | null; decidedAt: Date },
): Promise<void> {
  await tx
    .update(withdrawals)
    .set({
      status: input.status,
      settleTransactionId: input.settleTransactionId,
      decidedBy: input.decidedBy,
      decidedAt: input.decidedAt,
    })
    .where(and(eq(withdrawals.id, input.id), eq(withdrawals.status, 0)));
}

/**
 * The member's withdrawals, newest first, with the receipt or the failure reason of the latest payout attempt (the
 * payouts module's table; a withdrawal paid by hand has none).
 */
export async function selectMemberWithdrawals(db: DbOrTx, memberId: bigint, limit: number) {
  const rows = await db.execute<{
    amount_local_minor: string;
    fee_local_minor: string;
    status: number;
    created_at: string;
    receipt: string | null;
    failure_reason: string | null;
  }>(sql`
    SELECT w.amount_local_minor::text, w.fee_local_minor::text, w.status, w.created_at, p.receipt, p.failure_reason
    FROM withdrawals w
    LEFT JOIN LATERAL (SELECT receipt, failure_reason FROM payouts WHERE withdrawal_id = w.id ORDER BY attempt DESC LIMIT 1) p ON true
    WHERE w.member_id = ${memberId}
    ORDER BY w.created_at DESC, w.id DESC
    LIMIT ${limit}`);
  return rows.rows.map((row) => ({
    amountLocalMinor: parseDbMinor(row.amount_local_minor),
    feeLocalMinor: parseDbMinor(row.fee_local_minor),
    status: Number(row.status),
    createdAt: new Date(row.created_at),
    receipt: row.receipt,
    failureReason: row.failure_reason,
  }));
}

/** Whether a payout of this withdrawal is on its way (approved, sent or unknown): it then decides the withdrawal. */
export async function hasLivePayout(db: DbOrTx, withdrawalId: bigint): Promise<boolean> {
  const rows = await db.execute(
    sql`SELECT 1 FROM payouts WHERE withdrawal_id = ${withdrawalId} AND state IN ('approved', 'sent', 'unknown') LIMIT 1`,
  );
  return rows.rows.length > 0;
}

/** A withdrawal row as the one call answers it (numbers as text), typed by db/schema.ts. */
export function readWithdrawal(json: unknown): WithdrawalRow {
  return rowFromJson(withdrawals, json);
}

export interface WithdrawalCall {
  memberId: bigint;
  countryId: number;
  referenceVersion: string;
  idempotencyKey: string;
  wallet: string;
  /** A task wallet's unlock minimum (system units); null for the Jumbo wallet. */
  unlockMinor: bigint | null;
  /** One of the rules worked out before the call refused: answered after the key's replay and the unlock. */
  refuse: boolean;
  holdHours: number;
  at: Date;
  /** The sighting for `fraud_record_signals`, or null (none, or already recorded in this transaction). */
  signals: Record<string, unknown> | null;
  /** The payout phone `signals` were hashed for: when the member's phone is another, the call answers `signals`. */
  signalsPhone: string;
  /** `ledger_record_movement`'s payload for the hold (null when `refuse`). */
  movement: Record<string, unknown> | null;
  risk: Record<string, unknown>;
}

export type WithdrawalOutcome =
  | StaleReference
  | { status: 'no_member' }
  /** The key was taken meanwhile for another request: everything was rolled back. */
  | { status: 'conflict' }
  | { status: 'locked' }
  | { status: 'refused' }
  | { status: 'signals' }
  | { status: 'earlier'; withdrawal: WithdrawalRow }
  | { status: 'phone_hold'; until: Date }
  | { status: 'moved'; movement: MovementResultJson; flags: string[] };

type WithdrawalJson = {
  status: string;
  version?: string;
  country_id?: number;
  withdrawal?: unknown;
  until?: string;
  flags?: string[];
};

/** `withdrawal_request` raised this when the key was taken meanwhile for another request (everything rolled back). */
const KEY_CONFLICT = 'TZ005';

/**
 * The request in one call, `withdrawal_request` (migration 0526): on the pool as a named statement, or inside the
 * caller's transaction. A wallet short of amount + fee when the hold locks it is the caller's 422 (`refusals`).
 */
export async function requestInOneCall(db: DbOrTx, call: WithdrawalCall, refusals: LedgerRefusals): Promise<WithdrawalOutcome> {
  const payload: Record<string, unknown> = {
    member_id: call.memberId,
    country_id: call.countryId,
    reference_version: call.referenceVersion,
    key: call.idempotencyKey,
    wallet: call.wallet,
    unlock_minor: call.unlockMinor,
    refuse: call.refuse,
    hold_hours: call.holdHours,
    at: call.at,
    movement: call.movement,
    risk: call.risk,
  };
  if (call.signals) Object.assign(payload, { signals: call.signals, signals_phone: call.signalsPhone });
  const json = await callLedgerFunction<WithdrawalJson>(db, 'withdrawal_request', payload, refusals).catch(
    (error: unknown): WithdrawalJson => {
      const cause = ((error as { cause?: unknown }).cause ?? error) as { code?: string };
      if (cause.code === KEY_CONFLICT) return { status: 'conflict' };
      throw error;
    },
  );
  switch (json.status) {
    case 'stale':
      return staleReference(json, call.countryId);
    case 'earlier':
      return { status: 'earlier', withdrawal: readWithdrawal(json.withdrawal) };
    case 'phone_hold':
      return { status: 'phone_hold', until: new Date(json.until ?? '') };
    case 'conflict':
    case 'no_member':
    case 'locked':
    case 'refused':
    case 'signals':
      return { status: json.status };
    default:
      return { status: 'moved', movement: json as unknown as MovementResultJson, flags: json.flags ?? [] };
  }
}

/** The member's phone, country and currency: where a payout of their withdrawals goes. */
export async function selectPayee(db: DbOrTx, memberId: bigint) {
  const rows = await db.execute<{ phone: string; abbreviation: string; currency: string }>(sql`
    SELECT m.phone, c.abbreviation, c.currency FROM members m JOIN countries c ON c.id = m.country_id WHERE m.id = ${memberId}`);
  return rows.rows[0] ?? null;
}

/** What was paid or is on its way to one member on one operator day (states that may move money), in the currency paid. */
export async function sumMemberPayoutsOnDay(
  db: DbOrTx,
  input: { memberId: bigint; provider: 'mpesa_b2c' | 'flutterwave'; day: string; timeZone: string },
): Promise<bigint> {
  const rows = await db.execute<{ total: string }>(sql`
    SELECT COALESCE(SUM(amount_minor), 0)::text AS total FROM payouts
    WHERE member_id = ${input.memberId} AND provider = ${input.provider}
      AND (created_at AT TIME ZONE ${input.timeZone})::date = ${input.day}::date
      AND state IN ('approved', 'sent', 'unknown', 'paid')`);
  return parseDbMinor(rows.rows[0]?.total ?? '0');
}
