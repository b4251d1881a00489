import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { emailChanges } from '../../db/schema.ts';

/** `email_changes` (decision 040): a new address waiting for its link; only the token's hash is stored. */

export async function insertEmailChange(
  db: DbOrTx,
  input: { memberId: bigint; newEmail: string; tokenHash: string; at: Date; expiresAt: Date },
): Promise<void> {
  // A new request replaces the older ones: only the latest link works.
  await db
    .update(emailChanges)
    .set({ usedAt: input.at })
    .where(and(eq(emailChanges.memberId, input.memberId), isNull(emailChanges.usedAt)));
  await db.insert(emailChanges).values({
    memberId: input.memberId,
    newEmail: input.newEmail,
    tokenHash: input.tokenHash,
    createdAt: input.at,
    expiresAt: input.expiresAt,
  });
}

/** Spends a live token (unused, not expired): its member and address, or null. */
export async function consumeEmailChange(
  db: DbOrTx,
  input: { tokenHash: string; at: Date },
): Promise<{ memberId: bigint; newEmail: string } | null> {
  const rows = await db
    .update(emailChanges)
    .set({ usedAt: input.at })
    .where(and(eq(emailChanges.tokenHash, input.tokenHash), isNull(emailChanges.usedAt), gt(emailChanges.expiresAt, input.at)))
    .returning({ memberId: emailChanges.memberId, newEmail: emailChanges.newEmail });
  return rows[0] ?? null;
}

/** A closed account's pending changes, removed with its other tokens. */
export async function deleteEmailChanges(db: DbOrTx, memberId: bigint): Promise<void> {
  await db.delete(emailChanges).where(sql`${emailChanges.memberId} = ${memberId}`);
}
