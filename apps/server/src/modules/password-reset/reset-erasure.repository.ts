import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { outbox, passwordResets } from '../../db/schema.ts';

/**
 * A closed account's reset tokens, removed, and the mail sent to its address kept without the address (decision
 * 040): the outbox rows stay as a record that a mail went out, addressed to the pseudonym.
 */
export async function eraseMemberResets(
  db: DbOrTx,
  input: { memberId: bigint; email: string; pseudonym: string },
): Promise<void> {
  await db.delete(passwordResets).where(eq(passwordResets.memberId, input.memberId));
  await db
    .update(outbox)
    .set({ recipient: input.pseudonym, body: '[erased: account closed]' })
    .where(sql`lower(${outbox.recipient}) = ${input.email.toLowerCase()}`);
}
