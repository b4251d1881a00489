import type pg from 'pg';

export interface PoolProfile {
  statements: number;
  /** Summed time from sending a statement to its answer (includes waiting for a pool connection). */
  databaseMs: number;
  /** Statements by their first words, for the profile printed after a run. */
  byStatement: Map<string, { count: number; ms: number }>;
}

/**
 * Observes the app's pg pool (every statement the app sends goes through `pool.query`): how many statements a
 * request costs and how long they take. Returns a function that stops observing and gives the profile.
 */
export function observePool(pool: pg.Pool): () => PoolProfile {
  const profile: PoolProfile = { statements: 0, databaseMs: 0, byStatement: new Map() };
  const original = pool.query;
  const query = original.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  // A statement's label is worked out once per text: the observer must not add its own cost to each request (the
  // userdata statement is 3 kB of SQL, and a regular expression over it on every call cost 0.03 ms of CPU).
  const labels = new Map<string, string>();
  const labelOf = (raw: string) => {
    let label = labels.get(raw);
    if (label === undefined) {
      const text = raw.replace(/\s+/g, ' ').trim();
      label = /^select ledger_record_movement/i.test(text) ? 'SELECT ledger_record_movement(...)' : text.slice(0, 60);
      labels.set(raw, label);
    }
    return label;
  };
  (pool as unknown as { query: unknown }).query = (...args: unknown[]) => {
    const first = args[0] as string | { text: string };
    const label = labelOf(typeof first === 'string' ? first : first.text);
    const started = performance.now();
    const done = () => {
      const ms = performance.now() - started;
      profile.statements += 1;
      profile.databaseMs += ms;
      const entry = profile.byStatement.get(label) ?? { count: 0, ms: 0 };
      entry.count += 1;
      entry.ms += ms;
      profile.byStatement.set(label, entry);
    };
    const result = query(...args);
    if (result && typeof result.then === 'function') result.then(done, done);
    return result;
  };
  return () => {
    (pool as unknown as { query: unknown }).query = original;
    return profile;
  };
}

export function printProfile(title: string, profile: PoolProfile, requests: number, wallMs: number, concurrency: number): void {
  const perRequest = requests > 0 ? profile.statements / requests : 0;
  const dbPerRequest = requests > 0 ? profile.databaseMs / requests : 0;
  const wallPerRequest = requests > 0 ? (wallMs * concurrency) / requests : 0;
  console.log(
    `${title}: ${perRequest.toFixed(2)} database round trips per request; per request ${dbPerRequest.toFixed(2)} ms waiting on the database of ~${wallPerRequest.toFixed(2)} ms in flight`,
  );
  const rows = [...profile.byStatement.entries()].sort((a, b) => b[1].ms - a[1].ms).slice(0, 6);
  for (const [label, entry] of rows) {
    console.log(`    ${String(entry.count).padStart(7)} x ${(entry.ms / entry.count).toFixed(2).padStart(6)} ms  ${label}`);
  }
}
