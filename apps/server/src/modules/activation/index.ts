/**
 * The activation module's front door: everything the rest of the server uses from it, each name exported from the
 * file that defines it (decision 049). Files outside modules/activation/ import this file only; tests may reach inside.
 */
export { activationActions } from './activation.actions.ts';
export { activateAccount, activateForFree, deactivateMember } from './activation.service.ts';
export { chainUsernames, moveActivations } from './admin-upline-move.service.ts';
