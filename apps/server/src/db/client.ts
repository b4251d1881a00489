import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.ts';

export type Db = NodePgDatabase<typeof schema>;
/** A database handle or an open transaction: repositories accept either. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  pool: pg.Pool;
  db: Db;
  /** A read replica's handle when `readUrl` was given (`DATABASE_READ_URL`, decision 055). */
  readDb?: Db;
  close: () => Promise<void>;
}

export function connectDatabase(url: string, options: { max?: number; readUrl?: string } = {}): Database {
  const pool = openPool(url, options.max ?? 20);
  const db = drizzle(pool, { schema });
  if (!options.readUrl) return { pool, db, close: () => pool.end() };
  const readPool = openPool(options.readUrl, options.max ?? 20);
  const readDb = drizzle(readPool, { schema });
  return { pool, db, readDb, close: async () => void (await Promise.all([pool.end(), readPool.end()])) };
}

function openPool(url: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client error (the server restarting) must not crash the process; the pool replaces the client.
  pool.on('error', () => undefined);
  return pool;
}
