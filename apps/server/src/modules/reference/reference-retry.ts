import { parseDbMinor } from '@tuzo/contracts';
import type { CountryReferenceRow } from './reference.repository.ts';
import type { ReferenceCache, ReferenceData } from './reference.service.ts';

/**
 * What a one-call money function answers when the caller's reference copy (or the member's country in it) is no
 * longer current (decision 065): the version and country it found, for the next attempt.
 */
export interface StaleReference {
  status: 'stale';
  version: string;
  countryId: number;
}

/** A one-call function's `stale` answer (`reference_stale`, migration 0526: the version and country it found). */
export function staleReference(json: { version?: string; country_id?: number }, countryId: number): StaleReference {
  return { status: 'stale', version: json.version ?? '0', countryId: json.country_id ?? countryId };
}

/** The process's reference copy for one attempt: the data, the member's country in it and that country's currency. */
export interface ReferenceCopy {
  data: ReferenceData;
  country: CountryReferenceRow;
  currency: { countryId: number; currency: string; rateMicro: bigint };
}

/** Attempts of a call whose reference copy turned out stale (each reloads it): an operator's change is rare. */
const STALE_ATTEMPTS = 3;

/**
 * Runs `call` with the process's reference copy (first: the copy as loaded, and the session's country); when it
 * answers `stale`, again with the copy at the version and the country the call found, at most three times.
 */
export async function retryWhileStale<T extends { status: string }>(
  cache: ReferenceCache,
  what: string,
  countryId: number,
  call: (copy: ReferenceCopy) => Promise<T | StaleReference>,
): Promise<Exclude<T, StaleReference>> {
  let known = { version: '0', countryId };
  for (let attempt = 1; ; attempt += 1) {
    const data = await cache.at(known.version);
    const country = data.countries.get(known.countryId);
    if (!country) throw new Error(`Country ${known.countryId} is not in the reference data (${what})`);
    const currency = { countryId: country.id, currency: country.currency, rateMicro: parseDbMinor(country.rate_micro) };
    const outcome = await call({ data, country, currency });
    if (outcome.status !== 'stale') return outcome as Exclude<T, StaleReference>;
    if (attempt >= STALE_ATTEMPTS) throw new Error(`The reference data changed during every attempt of ${what}`);
    const stale = outcome as StaleReference;
    known = { version: stale.version, countryId: stale.countryId };
  }
}
