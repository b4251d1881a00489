/**
 * The admin-notices module's front door: everything the rest of the server uses from it, each name exported from the
 * file that defines it (decision 049). Files outside modules/admin-notices/ import this file only; tests may reach inside.
 */
export { adminNoticesActions } from './admin-notices.actions.ts';
