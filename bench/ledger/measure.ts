import pg from 'pg';

/** The closed-loop measurement the ledger bench's SQL loops share (ledger.bench.ts, sql-movement.ts). */

/** Seconds per run (BENCH_SECONDS, default 10). */
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

export interface Result {
  scenario: string;
  clients: number;
  operations: number;
  errors: number;
  seconds: number;
  perSecond: number;
  p50ms: number;
  p99ms: number;
}

/** Runs `clients` loops of `operation` for SECONDS; each loop awaits its previous call (closed-loop load). */
export async function measure(
  scenario: string,
  clients: number,
  operation: (worker: number) => Promise<boolean>,
): Promise<Result> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, worker) => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        const ok = await operation(worker);
        latencies.push(performance.now() - t0);
        if (!ok) errors += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? 0;
  const operations = latencies.length - errors;
  return { scenario, clients, operations, errors, seconds, perSecond: operations / seconds, p50ms: at(0.5), p99ms: at(0.99) };
}

/** `count` connections of their own to `url`, one per client loop. */
export async function openClients(url: string, count: number): Promise<pg.Client[]> {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      return client;
    }),
  );
}
