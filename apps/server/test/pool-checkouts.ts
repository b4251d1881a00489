import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';

/**
 * Counts the connections `pool` hands out inside `run(...)`, per call: every statement the app sends takes one
 * (pool.query checks a client out through pool.connect), and work outside the call (a job's timer) is not counted.
 * The pool itself is observed, nothing of ours replaced.
 */
export interface PoolCheckouts {
  /** Runs `work`, counting the connections taken inside it. */
  run: <T>(work: () => Promise<T>) => Promise<{ result: T; checkouts: number }>;
  /** The count so far of the `run` the caller is inside, or null outside any. */
  current: () => number | null;
}

export function countPoolCheckouts(pool: pg.Pool): PoolCheckouts {
  const requests = new AsyncLocalStorage<{ checkouts: number }>();
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  Object.assign(pool, {
    connect: (...args: unknown[]) => {
      const store = requests.getStore();
      if (store) store.checkouts += 1;
      return connect(...args);
    },
  });
  return {
    run: async (work) => {
      const store = { checkouts: 0 };
      const result = await requests.run(store, work);
      return { result, checkouts: store.checkouts };
    },
    current: () => requests.getStore()?.checkouts ?? null,
  };
}
