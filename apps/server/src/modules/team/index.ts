/**
 * The team module's front door: everything the rest of the server uses from it, each name exported from the
 * file that defines it (decision 049). Files outside modules/team/ import this file only; tests may reach inside.
 */
export { teamActions } from './team.actions.ts';
export { readTeamBrief } from './team-today.ts';
export type { TeamBrief } from './team-today.ts';
