import { sql } from 'drizzle-orm';
import type { Severity } from '@tuzo/contracts';
import type { DbOrTx } from '../../db/client.ts';

/** SQL of member notifications (migration 0040_member_notifications.sql); rows are written by `notification_write`. */
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

/** The one writer of notification rows: the database function `notification_write` (0250_kernel_writers.sql). */
export async function insertMemberNotification(db: DbOrTx, n: NewMemberNotification): Promise<void> {
  await db.execute(sql`SELECT notification_write(${n.memberId}, ${n.msg}, ${n.severity}, NULL)`);
}

/**
 * One notification to every member of a country (`countryId`) or to every member (null), in one statement: staff
 * accounts are left out; suspended members are left out (they cannot sign in to read it). Returns the count.
 */
export async function insertBroadcastNotifications(
  tx: DbOrTx,
  input: { countryId: number | null; msg: string; severity: Severity },
): Promise<number> {
  const inCountry = input.countryId === null ? sql`` : sql`AND country_id = ${input.countryId}`;
  const result = await tx.execute<{ n: number }>(sql`
    WITH sent AS (
      SELECT notification_write(id, ${input.msg}, ${input.severity}, NULL) FROM members
      WHERE role = 'member' AND status <> 'suspended' ${inCountry}
    )
    SELECT count(*)::int AS n FROM sent`);
  return result.rows[0]?.n ?? 0;
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

export interface NotificationPageRow {
  id: string;
  msg: string;
  severity: Severity;
  /** ISO instant (to_json of timestamptz). */
  time: string;
  read: boolean;
}

export interface NotificationPage {
  total: number;
  unread: number;
  items: NotificationPageRow[];
}

/**
 * One page of the member's notifications, newest first, with the total (for the page count) and the unread count up
 * to `unreadCap`, in one statement: the page and the total read the (member_id, id DESC) index, the unread count
 * the partial index of unread rows and stops at the cap.
 */
export async function selectNotificationPage(
  db: DbOrTx,
  input: { memberId: bigint; limit: number; offset: number; unreadCap: number },
): Promise<NotificationPage> {
  const result = await db.execute<{ total: number; unread: number; items: NotificationPageRow[] }>(sql`
    SELECT (SELECT count(*)::int FROM member_notifications WHERE member_id = ${input.memberId}) AS total,
           (SELECT count(*)::int FROM (SELECT 1 FROM member_notifications
              WHERE member_id = ${input.memberId} AND read_at IS NULL LIMIT ${input.unreadCap}) u) AS unread,
           (SELECT COALESCE(json_agg(p ORDER BY p.sort DESC), '[]'::json) FROM (
              SELECT n.id AS sort, n.id::text AS id, n.msg, n.severity, to_json(n.created_at) #>> '{}' AS time, n.read_at IS NOT NULL AS read
              FROM member_notifications n WHERE n.member_id = ${input.memberId}
              ORDER BY n.id DESC LIMIT ${input.limit} OFFSET ${input.offset}) p) AS items`);
  const row = result.rows[0];
  if (!row) throw new Error('The notification page query returned no row');
  return {
    total: row.total,
    unread: row.unread,
    items: row.items.map(({ id, msg, severity, time, read }) => ({ id, msg, severity, time, read })),
  };
}

/**
 * Marks the member's unread notifications read (`ids` null: all of them; else only those ids of this member) and
 * delivered (a notification read on the page is not shown again as a toast). Returns how many it marked and the
 * unread count left, up to `unreadCap`. The outer SELECT sees the rows before the UPDATE (one snapshot), so the count
 * left is the count before, read up to cap + marked, minus what was marked.
 */
export async function markRead(
  db: DbOrTx,
  input: { memberId: bigint; ids: readonly bigint[] | null; at: Date; unreadCap: number },
): Promise<{ marked: number; unread: number }> {
  const onlyIds = input.ids === null ? sql`` : sql`AND id = ANY(${`{${input.ids.join(',')}}`}::bigint[])`;
  const result = await db.execute<{ marked: number; before: number }>(sql`
    WITH marked AS (
      UPDATE member_notifications SET read_at = ${input.at.toISOString()}::timestamptz, delivered_at = COALESCE(delivered_at, ${input.at.toISOString()}::timestamptz)
      WHERE member_id = ${input.memberId} AND read_at IS NULL ${onlyIds}
      RETURNING id
    )
    SELECT (SELECT count(*)::int FROM marked) AS marked,
           (SELECT count(*)::int FROM (SELECT 1 FROM member_notifications
              WHERE member_id = ${input.memberId} AND read_at IS NULL LIMIT ${input.unreadCap + (input.ids?.length ?? 0)}) u) AS before`);
  const row = result.rows[0];
  if (!row) throw new Error('The mark-read query returned no row');
  const left = input.ids === null ? 0 : Math.max(0, row.before - row.marked);
  return { marked: row.marked, unread: Math.min(input.unreadCap, left) };
}
