import { and, desc, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
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

export async function selectTransferByKey(db: DbOrTx, idempotencyKey: string): Promise<TransferRow | null> {
  const rows = await db.select().from(transfers).where(eq(transfers.idempotencyKey, idempotencyKey)).limit(1);
  return rows[0] ?? null;
}

export async function insertTransfer(tx: DbOrTx, values: typeof transfers.$inferInsert): Promise<TransferRow> {
  const rows = await tx.insert(transfers).values(values).returning();
  const row = rows[0];
  if (!row) throw new Error('Inserting a transfer returned no row');
  return row;
}

export async function selectUsername(db: DbOrTx, id: bigint): Promise<string | null> {
  const rows = await db.select({ username: members.username }).from(members).where(eq(members.id, id)).limit(1);
  return rows[0]?.username ?? null;
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
