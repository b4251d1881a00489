import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { outbox, passwordResets } from '../../db/schema.ts';

/** Removes every reset token of a member, used or not. */
export async function deleteMemberResetTokens(db: DbOrTx, memberId: bigint): Promise<void> {
  await db.delete(passwordResets).where(eq(passwordResets.memberId, memberId));
}

/** Readdresses the outbox mails sent to `email` (any case) to `pseudonym`, their body replaced by a marker. */
export async function readdressOutboxMail(db: DbOrTx, input: { email: string; pseudonym: string }): Promise<void> {
  await db
    .update(outbox)
    .set({ recipient: input.pseudonym, body: '[erased: account closed]' })
    .where(sql`lower(${outbox.recipient}) = ${input.email.toLowerCase()}`);
}
