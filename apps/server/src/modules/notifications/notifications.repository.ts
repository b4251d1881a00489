import { sql } from 'drizzle-orm';
import type { Severity } from '@tuzo/contracts';
import type { DbOrTx } from '../../db/client.ts';

/** SQL of member notifications (migration 0040_member_notifications.sql). */
export interface NewMemberNotification {
  memberId: bigint;
  msg: string;
  severity: Severity;
}

export interface MemberNotificationRow {
  id: bigint;
  msg: string;
  severity: Severity;
  createdAt: Date;
}

export async function insertMemberNotification(db: DbOrTx, n: NewMemberNotification): Promise<void> {
  await db.execute(sql`INSERT INTO member_notifications (member_id, msg, severity) VALUES (${n.memberId}, ${n.msg}, ${n.severity})`);
}

/**
 * Marks up to `limit` of the member's undelivered notifications delivered and returns them, oldest first. Rows
 * another request is delivering right now are skipped (SKIP LOCKED), so two concurrent polls never both return one.
 */
export async function markDelivered(db: DbOrTx, memberId: bigint, limit: number): Promise<MemberNotificationRow[]> {
  const result = await db.execute<{ id: string; msg: string; severity: Severity; created_at: string | Date }>(sql`
    UPDATE member_notifications SET delivered_at = now()
    WHERE id IN (
      SELECT id FROM member_notifications
      WHERE member_id = ${memberId} AND delivered_at IS NULL
      ORDER BY id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id, msg, severity, created_at`);
  return result.rows
    .map((row) => ({ id: BigInt(row.id), msg: row.msg, severity: row.severity, createdAt: new Date(row.created_at) }))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
