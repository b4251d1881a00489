import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { outbox, passwordResets } from '../../db/schema.ts';

export async function insertPasswordReset(
  db: DbOrTx,
  values: { memberId: bigint; tokenHash: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await db.insert(passwordResets).values(values);
}

/**
 * Marks a live reset token used and returns its member, in one statement, so two requests with the same token
 * cannot both succeed. Null when the token is unknown, used or expired.
 */
export async function consumePasswordReset(db: DbOrTx, input: { tokenHash: string; at: Date }): Promise<bigint | null> {
  const rows = await db
    .update(passwordResets)
    .set({ usedAt: input.at })
    .where(
      and(eq(passwordResets.tokenHash, input.tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, input.at)),
    )
    .returning({ memberId: passwordResets.memberId });
  return rows[0]?.memberId ?? null;
}

/** Spends every other outstanding token of the member once one has been used. */
export async function retireMemberResets(db: DbOrTx, input: { memberId: bigint; at: Date }): Promise<void> {
  await db
    .update(passwordResets)
    .set({ usedAt: input.at })
    .where(and(eq(passwordResets.memberId, input.memberId), isNull(passwordResets.usedAt)));
}

export async function insertOutboxMessage(
  db: DbOrTx,
  values: { kind: string; recipient: string; subject: string; body: string },
): Promise<bigint> {
  const rows = await db.insert(outbox).values(values).returning({ id: outbox.id });
  const row = rows[0];
  if (!row) throw new Error('Inserting an outbox message returned no row');
  return row.id;
}

export async function markOutboxResult(db: DbOrTx, input: { id: bigint; error: string | null; at: Date }): Promise<void> {
  await db
    .update(outbox)
    .set(input.error === null ? { sentAt: input.at, error: null } : { error: input.error.slice(0, 500) })
    .where(eq(outbox.id, input.id));
}
