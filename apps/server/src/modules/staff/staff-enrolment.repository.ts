import { and, eq, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { passwordResets, staffEnrolments } from '../../db/schema.ts';

/**
 * True once the account has set a password itself: an enrolment link used, or a password reset link used (a reset
 * link reaches the account's own email). A new enrolment link is then refused.
 */
export async function hasUsedEnrolment(db: DbOrTx, memberId: bigint): Promise<boolean> {
  const used = await db
    .select({ id: staffEnrolments.id })
    .from(staffEnrolments)
    .where(and(eq(staffEnrolments.memberId, memberId), isNotNull(staffEnrolments.usedAt)))
    .limit(1);
  if (used.length > 0) return true;
  const reset = await db
    .select({ id: passwordResets.id })
    .from(passwordResets)
    .where(and(eq(passwordResets.memberId, memberId), isNotNull(passwordResets.usedAt)))
    .limit(1);
  return reset.length > 0;
}
