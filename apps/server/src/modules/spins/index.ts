/**
 * The spins module's front door: everything the rest of the server uses from it, each name exported from the
 * file that defines it (decision 049). Files outside modules/spins/ import this file only; tests may reach inside.
 */
export { spinsActions } from './spins.actions.ts';
export { loadSpinSettings } from './spins.wheel.ts';
