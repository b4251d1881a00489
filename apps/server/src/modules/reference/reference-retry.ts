/**
 * What a one-call money function answers when the caller's reference copy (or the member's country in it) is no
 * longer current (decision 065): the version and country it found, for the next attempt.
 */
export interface StaleReference {
  status: 'stale';
  version: string;
  countryId: number;
}

/** Attempts of a call whose reference copy turned out stale (each reloads it): an operator's change is rare. */
const STALE_ATTEMPTS = 3;

/**
 * Runs `call` with the reference version and country last known (first: version '0', the process's copy as loaded,
 * and the session's country); when it answers `stale`, again with what it found, at most three times.
 */
export async function retryWhileStale<T extends { status: string }>(
  what: string,
  countryId: number,
  call: (known: { version: string; countryId: number }) => Promise<T | StaleReference>,
): Promise<Exclude<T, StaleReference>> {
  let known = { version: '0', countryId };
  for (let attempt = 1; ; attempt += 1) {
    const outcome = await call(known);
    if (outcome.status !== 'stale') return outcome as Exclude<T, StaleReference>;
    if (attempt >= STALE_ATTEMPTS) throw new Error(`The reference data changed during every attempt of ${what}`);
    const stale = outcome as StaleReference;
    known = { version: stale.version, countryId: stale.countryId };
  }
}
