/**
 * The ussd module's front door: everything the rest of the server uses from it, each name exported from the
 * file that defines it (decision 049). Files outside modules/ussd/ import this file only; tests may reach inside.
 */
export { ussdActions } from './ussd.actions.ts';
export { registerUssdRoutes } from './ussd.routes.ts';
