/**
 * The rate-limits module's front door: everything the rest of the server uses from it, each name exported from the
 * file that defines it (decision 049). Files outside modules/rate-limits/ import this file only; tests may reach inside.
 */
export { forgetHits, returnHit, sharedLimitHook, takeHit } from './rate-limits.service.ts';
export type { SharedLimit, SharedRule } from './rate-limits.service.ts';
