import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { smsOptOuts, smsOutbox } from '../../db/schema.ts';

/**
 * A closed account's SMS, kept as a record (cost, delivery) without the phone number and text (decision 040); a
 * message still queued is failed so it is never sent. Its opt-outs keep when and how, without the number.
 */
export async function eraseMemberSms(db: DbOrTx, input: { memberId: bigint; pseudonym: string; at: Date }): Promise<void> {
  await db
    .update(smsOutbox)
    .set({ phone: input.pseudonym, text: '[erased: account closed]', updatedAt: input.at })
    .where(eq(smsOutbox.memberId, input.memberId));
  await db
    .update(smsOutbox)
    .set({ state: 'failed', failureReason: 'Account closed', updatedAt: input.at })
    .where(and(eq(smsOutbox.memberId, input.memberId), eq(smsOutbox.state, 'queued')));
  await db.update(smsOptOuts).set({ phone: input.pseudonym }).where(eq(smsOptOuts.memberId, input.memberId));
}
