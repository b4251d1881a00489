import { and, desc, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { parseDbMinor } from '@tuzo/contracts';
import type pg from 'pg';
import type { DbOrTx } from '../../db/client.ts';
import { rowFromJson } from '../../db/row-json.ts';
import { countries, countryFees, members, transfers } from '../../db/schema.ts';

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

export interface PaymentContext {
  payer: { countryId: number; currency: string; rateMicro: bigint };
  /** The member of the payer's levels 1-3 with that username (case-insensitive), if any. */
  client: { id: bigint; username: string; status: 'inactive' | 'active' | 'suspended' } | null;
  /** The transfer already recorded under this idempotency key, if any. */
  earlier: TransferRow | null;
}

/**
 * The payer's currency, the client and the transfer already recorded under the key, in one named statement (parsed
 * and planned once per connection: every payment runs it, decision 041).
 */
export async function selectPaymentContext(
  pool: pg.Pool,
  input: { payerId: bigint; username: string; idempotencyKey: string },
): Promise<PaymentContext | null> {
  const result = await pool.query<{
    country_id: number;
    currency: string;
    rate_micro: string;
    client: { id: string; username: string; status: string } | null;
    earlier: unknown;
  }>({
    name: 'payforclient_context',
    text: `SELECT c.id AS country_id, c.currency, c.rate_micro::text AS rate_micro,
                  (SELECT json_build_object('id', k.id::text, 'username', k.username, 'status', k.status) FROM members k
                     WHERE lower(k.username) = $2 AND (k.l1_id = p.id OR k.l2_id = p.id OR k.l3_id = p.id) LIMIT 1) AS client,
                  (SELECT ledger_json_numbers_as_text(to_jsonb(t)) FROM transfers t WHERE t.idempotency_key = $3) AS earlier
           FROM members p JOIN countries c ON c.id = p.country_id
           WHERE p.id = $1`,
    values: [input.payerId.toString(), input.username.toLowerCase(), input.idempotencyKey],
  });
  const row = result.rows[0];
  if (!row) return null;
  return {
    payer: { countryId: row.country_id, currency: row.currency, rateMicro: parseDbMinor(row.rate_micro) },
    client: row.client
      ? {
          id: BigInt(row.client.id),
          username: row.client.username,
          status: row.client.status as 'inactive' | 'active' | 'suspended',
        }
      : null,
    earlier: row.earlier ? rowFromJson(transfers, row.earlier) : null,
  };
}
