import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accessLinks, sessions, totpRecoveryCodes } from '../../db/schema.ts';

/**
 * A closed account's sign-in data, removed (decision 040): its sessions (with their addresses and browsers), its
 * access links and any recovery codes. Nothing references these rows, and a closed account never signs in again.
 */
export async function eraseMemberSignIns(db: DbOrTx, memberId: bigint): Promise<{ sessions: number }> {
  const ended = await db.delete(sessions).where(eq(sessions.memberId, memberId)).returning({ id: sessions.id });
  await db.delete(accessLinks).where(eq(accessLinks.memberId, memberId));
  await db.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.memberId, memberId));
  return { sessions: ended.length };
}
