/**
 * The my-data module's front door: everything the rest of the server uses from it, each name exported from the
 * file that defines it (decision 049). Files outside modules/my-data/ import this file only; tests may reach inside.
 */
export { myDataActions } from './my-data.actions.ts';
export { startClosureSweep } from './my-data.startup.ts';
