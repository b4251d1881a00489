/**
 * The reference module's front door: everything the rest of the server uses from it, each name exported from the
 * file that defines it (decision 049). Files outside modules/reference/ import this file only; tests may reach inside.
 */
export type { CountryReferenceRow } from './reference.repository.ts';
export { retryWhileStale, staleReference, type ReferenceCopy, type StaleReference } from './reference-retry.ts';
export { ReferenceCache } from './reference.service.ts';
