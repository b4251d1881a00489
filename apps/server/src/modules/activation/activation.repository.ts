import { parseDbMinor } from '@tuzo/contracts';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { activations, countries, countryFees, members } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { callLedgerFunction, type LedgerFunction, type LedgerRefusals } from '../../ledger/movement.ts';

/** Locks the member row (FOR UPDATE) with what activation needs: status, uplines and the country's fee row. */
export async function lockMemberForActivation(tx: DbOrTx, memberId: bigint) {
  const rows = await tx
    .select({
      id: members.id,
      username: members.username,
      status: members.status,
      l1Id: members.l1Id,
      l2Id: members.l2Id,
      l3Id: members.l3Id,
      currency: countries.currency,
      rateMicro: countries.rateMicro,
      abbreviation: countries.abbreviation,
      cregMinor: countryFees.cregMinor,
      fl1Minor: countryFees.fl1Minor,
      fl2Minor: countryFees.fl2Minor,
      fl3Minor: countryFees.fl3Minor,
    })
    .from(members)
    .innerJoin(countries, eq(countries.id, members.countryId))
    .leftJoin(countryFees, eq(countryFees.countryId, members.countryId))
    .where(eq(members.id, memberId))
    .for('update', { of: members })
    .limit(1);
  return rows[0] ?? null;
}

export async function selectUplines(tx: DbOrTx, ids: readonly bigint[]) {
  if (ids.length === 0) return [];
  return (
    tx
      .select({
        id: members.id,
        username: members.username,
        status: members.status,
        isHouse: members.isHouse,
        countryId: countries.id,
        currency: countries.currency,
        rateMicro: countries.rateMicro,
      })
      .from(members)
      .innerJoin(countries, eq(countries.id, members.countryId))
      // Staff are not members and earn nothing: a staff account in a chain is left out, as if it were not there.
      .where(and(inArray(members.id, [...ids]), eq(members.role, 'member')))
  );
}

export async function selectNextGeneration(tx: DbOrTx, memberId: bigint): Promise<number> {
  const rows = await tx
    .select({ last: sql<string | null>`max(${activations.generation})` })
    .from(activations)
    .where(eq(activations.memberId, memberId));
  return Number(rows[0]?.last ?? 0) + 1;
}

export async function insertActivation(
  tx: DbOrTx,
  values: {
    memberId: bigint;
    generation: number;
    isFree: boolean;
    feeSystemMinor: bigint;
    activationTransactionId: bigint | null;
    activatedBy: bigint | null;
    createdAt: Date;
  },
): Promise<void> {
  await tx.insert(activations).values(values);
}

/** The member's current (not deactivated) activation, locked. */
export async function lockLiveActivation(tx: DbOrTx, memberId: bigint) {
  const rows = await tx
    .select({ id: activations.id, generation: activations.generation })
    .from(activations)
    .where(and(eq(activations.memberId, memberId), isNull(activations.deactivatedAt)))
    .orderBy(desc(activations.generation))
    .for('update')
    .limit(1);
  return rows[0] ?? null;
}

export async function markActivationDeactivated(tx: DbOrTx, input: { id: bigint; operatorId: bigint; at: Date }): Promise<void> {
  await tx
    .update(activations)
    .set({ deactivatedAt: input.at, deactivatedBy: input.operatorId })
    .where(eq(activations.id, input.id));
}

/** Ledger transactions by idempotency key (the commissions of one activation have derived keys). */
export async function selectTransactionsByKeys(tx: DbOrTx, keys: readonly string[]) {
  if (keys.length === 0) return [];
  const list = sql.join(
    keys.map((key) => sql`${key}`),
    sql`, `,
  );
  const result = await tx.execute<{ id: string; idempotency_key: string; member_id: string | null }>(
    sql`SELECT id, idempotency_key, member_id FROM ledger_transactions WHERE idempotency_key IN (${list}) ORDER BY id`,
  );
  return result.rows.map((row) => ({
    id: BigInt(row.id),
    key: row.idempotency_key,
    memberId: row.member_id === null ? null : BigInt(row.member_id),
  }));
}

/**
 * An activation as `activation_activate` (migrations 0522, 0524) takes it: the operator of a free one, the business
 * time, and the multi-account signals to record first (signalsPayload of the fraud-signals module), if any.
 */
export interface ActivationRequest {
  memberId: bigint;
  operatorId: bigint | null;
  at: Date;
  signals?: Record<string, unknown> | null;
}

/** A commission paid into an upline's Jumbo wallet (not held), for its SMS. */
export interface PaidCommission {
  uplineId: bigint;
  level: 1 | 2 | 3;
  upline: { currency: string; rateMicro: bigint };
  localMinor: bigint;
  systemMinor: bigint;
}

/**
 * The answer of `activation_activate`, parsed: money as bigint. `signals`: the signals sent need the TypeScript path
 * (a linking value shared with another member, decision 063); nothing was written.
 */
export type ActivationOutcome =
  | { status: 'no_member' | 'active' | 'suspended' | 'signals' }
  | {
      status: 'insufficient';
      depositSystemMinor: bigint;
      feeSystemMinor: bigint;
      feeLocalMinor: bigint;
      rateMicro: bigint;
      currency: string;
    }
  | {
      status: 'activated';
      username: string;
      currency: string;
      feeLocalMinor: bigint;
      feeSystemMinor: bigint;
      generation: number;
      commissionsPaid: number;
      paid: PaidCommission[];
    };

interface ActivationJson {
  status: string;
  deposit?: string;
  fee_system?: string;
  fee_local?: string;
  rate_micro?: string;
  currency?: string;
  username?: string;
  generation?: number;
  commissions_paid?: number;
  sms?: Array<{ upline_id: string; level: 1 | 2 | 3; currency: string; rate_micro: string; local: string; system: string }>;
}

/** `activation_activate` raised this when one of its keys had been used for another request (it rolls back). */
const KEY_CONFLICT = 'TZ005';
const ACTIVATE: LedgerFunction = 'activation_activate';

/** The uplines' notification texts the function writes with PostgreSQL's `format()` (activation.service.ts). */
export interface ActivationNotices {
  commissionMessage: string;
  heldMessage: string;
}

/**
 * The activation in one call to PostgreSQL (`activation_activate`, migrations 0522, 0524): the multi-account signals
 * when the request carries them (before the member's lock), the member locked and checked, the fee, any free grant,
 * the commissions (paid or held), the activations row and the status, one statement. A deposit wallet short at the
 * lock is thrown as `refusals` give it.
 */
export async function activateInOneCall(
  db: DbOrTx,
  request: ActivationRequest,
  notices: ActivationNotices,
  refusals: LedgerRefusals,
): Promise<ActivationOutcome> {
  const json = await callLedgerFunction<ActivationJson>(
    db,
    ACTIVATE,
    {
      member_id: request.memberId,
      operator_id: request.operatorId,
      at: request.at,
      commission_message: notices.commissionMessage,
      held_message: notices.heldMessage,
      ...(request.signals ? { signals: request.signals } : {}),
    },
    refusals,
  ).catch((error: unknown) => {
    const cause = ((error as { cause?: unknown }).cause ?? error) as { code?: string };
    if (cause.code === KEY_CONFLICT)
      throw new AppError('CONFLICT', 'This idempotency key was already used for a different request');
    throw error;
  });
  switch (json.status) {
    case 'no_member':
    case 'active':
    case 'suspended':
    case 'signals':
      return { status: json.status };
    case 'insufficient':
      return {
        status: 'insufficient',
        depositSystemMinor: parseDbMinor(json.deposit),
        feeSystemMinor: parseDbMinor(json.fee_system),
        feeLocalMinor: parseDbMinor(json.fee_local),
        rateMicro: parseDbMinor(json.rate_micro),
        currency: json.currency ?? '',
      };
    case 'activated':
      return {
        status: 'activated',
        username: json.username ?? '',
        currency: json.currency ?? '',
        feeLocalMinor: parseDbMinor(json.fee_local),
        feeSystemMinor: parseDbMinor(json.fee_system),
        generation: json.generation ?? 0,
        commissionsPaid: json.commissions_paid ?? 0,
        paid: (json.sms ?? []).map((row) => ({
          uplineId: BigInt(row.upline_id),
          level: row.level,
          upline: { currency: row.currency, rateMicro: parseDbMinor(row.rate_micro) },
          localMinor: parseDbMinor(row.local),
          systemMinor: parseDbMinor(row.system),
        })),
      };
    default:
      throw new Error(`activation_activate answered ${json.status}`);
  }
}
