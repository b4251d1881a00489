import type { Notification, Severity } from '@tuzo/contracts';
import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { insertMemberNotification, markDelivered } from './notifications.repository.ts';

/** How many notifications one `userdata` / `auth` response carries at most; the rest come with the next poll. */
export const DELIVERY_LIMIT = 10;

/**
 * Records a notification for a member. Call it with the transaction that moves the money it describes: the
 * notification then exists if and only if the movement committed. Plain text only (the client shows it as text;
 * a literal backslash-n becomes a line break there).
 */
export async function notifyMember(db: DbOrTx, input: { memberId: bigint; msg: string; severity: Severity }): Promise<void> {
  await insertMemberNotification(db, input);
}

/** Takes the member's undelivered notifications (marking them delivered) as the envelope's `info` items. */
export async function takeUndelivered(deps: Pick<AppDeps, 'db'>, memberId: bigint, limit = DELIVERY_LIMIT): Promise<Notification[]> {
  const rows = await markDelivered(deps.db, memberId, limit);
  return rows.map((row) => ({ msg: row.msg, severity: row.severity, time: row.createdAt.toISOString() }));
}
