/**
 * The admin-content module's front door: everything the rest of the server uses from it, each name exported from the
 * file that defines it (decision 049). Files outside modules/admin-content/ import this file only; tests may reach inside.
 */
export { adminContentActions } from './admin-content.actions.ts';
export { ADMIN_CONTENT_ROUTE_DOCS, registerAdminContentRoutes } from './admin-content.routes.ts';
