import pg from 'pg';
import type { Config } from '../config.ts';
import { startEmbeddedPostgres } from './embedded.ts';

/**
 * The database a command-line tool works on: DATABASE_URL, else the running server's embedded PostgreSQL, else an
 * embedded one it starts on DATA_DIR for the tool's run (`stop` stops it; a no-op for a server it did not start).
 */
export async function openCliDatabase(config: Config): Promise<{ url: string; stop: () => Promise<void> }> {
  const url = config.DATABASE_URL ?? `postgres://postgres:postgres@127.0.0.1:${config.EMBEDDED_PG_PORT}/tuzo`;
  if (config.DATABASE_URL || (await canConnect(url))) return { url, stop: async () => {} };
  const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.EMBEDDED_PG_PORT, database: 'tuzo' });
  return { url: embedded.url, stop: () => embedded.stop() };
}

async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}
