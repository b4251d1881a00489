/**
 * The referral-stats module's front door: everything the rest of the server uses from it, each name exported from
 * the file that defines it (decision 049). Files outside modules/referral-stats/ import this file only; tests may
 * reach inside.
 */
export { referralStatsActions } from './referral-stats.actions.ts';
