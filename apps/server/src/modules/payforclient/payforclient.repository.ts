import { and, desc, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type StaleReference, staleReference } from '../reference/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { rowFromJson } from '../../db/row-json.ts';
import { countries, countryFees, members, transfers } from '../../db/schema.ts';
import { callLedgerFunction, type LedgerRefusals, type MovementResultJson } from '../../ledger/movement.ts';

export type TransferRow = typeof transfers.$inferSelect;

/**
 * A member of the payer's levels 1 to 3, by username (case-insensitive), with their country's activation fee.
 * `lock` takes a FOR SHARE lock on the client row so an activation of that client waits for the payment.
 */
export async function selectTeamClient(db: DbOrTx, input: { payerId: bigint; username: string; lock?: boolean }) {
  const query = db
    .select({
      id: members.id,
      username: members.username,
      status: members.status,
      rateMicro: countries.rateMicro,
      cregMinor: countryFees.cregMinor,
    })
    .from(members)
    .innerJoin(countries, eq(countries.id, members.countryId))
    .leftJoin(countryFees, eq(countryFees.countryId, members.countryId))
    .where(
      and(
        sql`lower(${members.username}) = ${input.username.toLowerCase()}`,
        or(eq(members.l1Id, input.payerId), eq(members.l2Id, input.payerId), eq(members.l3Id, input.payerId)),
      ),
    )
    .limit(1);
  const rows = input.lock ? await query.for('share', { of: members }) : await query;
  return rows[0] ?? null;
}

const payers = alias(members, 'payer');
const clients = alias(members, 'client');

/** Transfers the member sent or received, newest first, with the other side's username. */
export async function selectTransferHistory(db: DbOrTx, memberId: bigint, limit: number) {
  return db
    .select({
      id: transfers.id,
      payerId: transfers.payerId,
      payerUsername: payers.username,
      clientUsername: clients.username,
      wallet: transfers.wallet,
      amountLocalMinor: transfers.amountLocalMinor,
      amountSystemMinor: transfers.amountSystemMinor,
      status: transfers.status,
      createdAt: transfers.createdAt,
    })
    .from(transfers)
    .innerJoin(payers, eq(payers.id, transfers.payerId))
    .innerJoin(clients, eq(clients.id, transfers.clientId))
    .where(or(eq(transfers.payerId, memberId), eq(transfers.clientId, memberId)))
    .orderBy(desc(transfers.createdAt), desc(transfers.id))
    .limit(limit);
}

/** The member of the payer's levels 1-3 with the username asked for (case-insensitive). */
export interface TeamClient {
  id: bigint;
  username: string;
  status: 'inactive' | 'active' | 'suspended';
}

/** What the caller computed from its reference copy (the payer's country at `referenceVersion`). */
export interface PaymentRequest {
  payerId: bigint;
  countryId: number;
  referenceVersion: string;
  username: string;
  idempotencyKey: string;
  wallet: 'balance' | 'deposit';
  walletLabel: string;
  amountLocalMinor: bigint;
  amountSystemMinor: bigint;
  currency: string;
  rateMicro: bigint;
  at: Date;
}

/** The answer of `payforclient_pay` (migration 0521), parsed: money as bigint, the transfer as its typed row. */
export type PaymentOutcome =
  | { status: 'no_payer' | 'no_client' | 'suspended' | 'active' | 'too_small' }
  | StaleReference
  | { status: 'earlier'; transfer: TransferRow; client: TeamClient | null }
  | { status: 'moved'; movement: MovementResultJson; client: TeamClient };

interface PaymentJson extends Partial<Omit<MovementResultJson, 'status'>> {
  status: string;
  version?: string;
  country_id?: number;
  transfer?: unknown;
  client?: { id: string; username: string; status: TeamClient['status'] } | null;
}

/** The transfer row as `ledger_record_movement` answers it (numbers as text). */
export function readTransfer(json: unknown): TransferRow {
  return rowFromJson(transfers, json);
}

/**
 * The payment in one call to PostgreSQL: the payer's country and the reference version checked, the client, any
 * transfer under the key, the refusals, and the movement (`ledger_record_movement`), one statement in one round trip.
 * A wallet too short or a client whose status changed meanwhile is thrown as the AppError `refusals` give.
 */
export async function payInOneCall(db: DbOrTx, request: PaymentRequest, refusals: LedgerRefusals): Promise<PaymentOutcome> {
  const json = await callLedgerFunction<PaymentJson>(
    db,
    'payforclient_pay',
    {
      payer_id: request.payerId,
      country_id: request.countryId,
      reference_version: request.referenceVersion,
      username: request.username.toLowerCase(),
      key: request.idempotencyKey,
      wallet: request.wallet,
      wallet_label: request.walletLabel,
      amount_local_minor: request.amountLocalMinor,
      amount_system_minor: request.amountSystemMinor,
      currency: request.currency,
      rate_micro: request.rateMicro,
      at: request.at,
    },
    refusals,
  );
  const client = json.client ? { ...json.client, id: BigInt(json.client.id) } : null;
  switch (json.status) {
    case 'stale':
      return staleReference(json, request.countryId);
    case 'earlier':
      return { status: 'earlier', transfer: readTransfer(json.transfer), client };
    case 'no_payer':
    case 'no_client':
    case 'suspended':
    case 'active':
    case 'too_small':
      return { status: json.status };
    default:
      if (!client) throw new Error(`payforclient_pay answered ${json.status} without the client`);
      return { status: 'moved', movement: json as unknown as MovementResultJson, client };
  }
}
