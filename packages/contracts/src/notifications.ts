import { z } from 'zod';
import { bigId } from './primitives.ts';
import { SeveritySchema, type Severity } from './envelope.ts';

/**
 * The member's notifications page (`notifications`, `readnotifications`) and the bell's unread count. The queue of
 * `info` items (delivered once, as toasts) is separate: a notification is delivered when a response carried it and
 * read when the member marked it on the page.
 */
export const NOTIFICATIONS_PAGE_LIMIT_DEFAULT = 20;
export const NOTIFICATIONS_PAGE_LIMIT_MAX = 100;
/** The unread count stops here (the bell shows "99+"), so counting stays one bounded index scan. */
export const UNREAD_COUNT_CAP = 100;

/** A named icon derived from the severity: never markup, so nothing a member sees can carry HTML. */
export const NotificationIconSchema = z.enum(['check', 'info', 'warning', 'error']);
export type NotificationIcon = z.infer<typeof NotificationIconSchema>;

export function notificationIconFor(severity: Severity): NotificationIcon {
  switch (severity) {
    case 'success':
      return 'check';
    case 'info':
      return 'info';
    case 'warning':
      return 'warning';
    case 'error':
      return 'error';
  }
}

const wholeNumber = (name: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be at least ${min}`)
    .max(max, `${name} is at most ${max}`);

export const NotificationsPayloadSchema = z.object({
  page: wholeNumber('page', 1, 100_000).default(1),
  limit: wholeNumber('limit', 1, NOTIFICATIONS_PAGE_LIMIT_MAX).default(NOTIFICATIONS_PAGE_LIMIT_DEFAULT),
});
export type NotificationsPayload = z.input<typeof NotificationsPayloadSchema>;
export type NotificationsQuery = z.output<typeof NotificationsPayloadSchema>;

export const NotificationItemSchema = z.object({
  id: z.string(),
  /** Plain text; a literal backslash-n becomes a line break on screen. */
  msg: z.string(),
  icon: NotificationIconSchema,
  /** ISO instant; the client shows it in the member's local date-time form. */
  time: z.string(),
  severity: SeveritySchema,
  read: z.boolean(),
});
export type NotificationItem = z.infer<typeof NotificationItemSchema>;

/** `notifications` (GET): newest first; `pages` is at least 1; `unread` is capped at UNREAD_COUNT_CAP. */
export const NotificationsDataSchema = z.object({
  items: z.array(NotificationItemSchema),
  page: z.number().int().min(1),
  pages: z.number().int().min(1),
  unread: z.number().int().min(0),
});
export type NotificationsData = z.infer<typeof NotificationsDataSchema>;

/** `readnotifications` (POST): the ids to mark read; none (or an empty list) marks every notification read. */
export const ReadNotificationsPayloadSchema = z.object({
  ids: z
    .array(bigId('ids must be notification ids'), { error: 'ids must be a list of notification ids' })
    .max(NOTIFICATIONS_PAGE_LIMIT_MAX, `At most ${NOTIFICATIONS_PAGE_LIMIT_MAX} ids at once`)
    .optional()
    .transform((ids) => (ids && ids.length > 0 ? ids : null)),
});
export type ReadNotificationsPayload = z.input<typeof ReadNotificationsPayloadSchema>;

export const ReadNotificationsDataSchema = z.object({
  /** How many notifications this call marked read (already read ones are not counted). */
  marked: z.number().int().min(0),
  unread: z.number().int().min(0),
});
export type ReadNotificationsData = z.infer<typeof ReadNotificationsDataSchema>;

export const NOTIFICATION_TEXTS = {
  bellEmpty: 'No New Notifications!',
  empty: 'You have no notifications yet.',
  markAll: 'Mark all as read',
  failed: 'Failed to load notifications',
} as const;
