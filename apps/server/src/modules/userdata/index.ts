/**
 * The userdata module's front door: everything the rest of the server uses from it, each name exported from the
 * file that defines it (decision 049). Files outside modules/userdata/ import this file only; tests may reach inside.
 */
export { userdataActions } from './userdata.actions.ts';
export { loadLastUpdate, loadUserData } from './userdata.service.ts';
