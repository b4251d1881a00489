/**
 * The notifications module's front door: everything the rest of the server uses from it, each name exported from the
 * file that defines it (decision 049). Files outside modules/notifications/ import this file only; tests may reach inside.
 */
export { notificationsActions } from './notifications.actions.ts';
export { notifyMember, notifyMembers, takeUndelivered } from './notifications.service.ts';
