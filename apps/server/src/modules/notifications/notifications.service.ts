import {
  notificationIconFor,
  UNREAD_COUNT_CAP,
  type Notification,
  type NotificationsData,
  type NotificationsQuery,
  type ReadNotificationsData,
  type Severity,
} from '@tuzo/contracts';
import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../lib/deps.ts';
import {
  insertBroadcastNotifications,
  insertMemberNotification,
  markDelivered,
  markRead,
  selectNotificationPage,
} from './notifications.repository.ts';

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

/**
 * Records one notification for every member of a country (`countryId`) or for every member (null), in one statement;
 * staff accounts and suspended members are left out. Returns how many were written. Call it in the transaction that
 * audits the broadcast.
 */
export async function notifyMembers(
  db: DbOrTx,
  input: { countryId: number | null; msg: string; severity: Severity },
): Promise<number> {
  return insertBroadcastNotifications(db, input);
}

/** Takes the member's undelivered notifications (marking them delivered) as the envelope's `info` items. */
export async function takeUndelivered(
  deps: Pick<AppDeps, 'db'>,
  memberId: bigint,
  limit = DELIVERY_LIMIT,
): Promise<Notification[]> {
  const rows = await markDelivered(deps.db, memberId, limit);
  return rows.map((row) => ({ msg: row.msg, severity: row.severity, time: row.createdAt.toISOString() }));
}

/**
 * `notifications`: one page of the member's notifications, newest first, each with an icon name derived from its
 * severity (never markup) and whether it was read. A page past the end is empty; `pages` is at least 1.
 */
export async function listNotifications(
  deps: Pick<AppDeps, 'db'>,
  input: { memberId: bigint } & NotificationsQuery,
): Promise<NotificationsData> {
  const page = await selectNotificationPage(deps.db, {
    memberId: input.memberId,
    limit: input.limit,
    offset: (input.page - 1) * input.limit,
    unreadCap: UNREAD_COUNT_CAP,
  });
  return {
    items: page.items.map((row) => ({
      id: row.id,
      msg: row.msg,
      icon: notificationIconFor(row.severity),
      time: new Date(row.time).toISOString(),
      severity: row.severity,
      read: row.read,
    })),
    page: input.page,
    pages: Math.max(1, Math.ceil(page.total / input.limit)),
    unread: page.unread,
  };
}

/** `readnotifications`: marks the given notifications of the member (or all, when `ids` is null) read. */
export async function readNotifications(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { memberId: bigint; ids: readonly bigint[] | null },
): Promise<ReadNotificationsData> {
  return markRead(deps.db, { memberId: input.memberId, ids: input.ids, at: deps.clock.now(), unreadCap: UNREAD_COUNT_CAP });
}
