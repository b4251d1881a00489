/**
 * The registration module's front door: everything the rest of the server uses from it, each name exported from the
 * file that defines it (decision 049). Files outside modules/registration/ import this file only; tests may reach inside.
 */
export { normalisePhone } from './phone.ts';
export { registrationActions } from './registration.actions.ts';
export { TAKEN_MESSAGES } from './registration.service.ts';
