import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../apps/server/src/db/embedded.ts';

/** A free loopback TCP port. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface BenchDatabase {
  database: EmbeddedDatabase;
  dataDir: string;
  port: number;
  /** Stops PostgreSQL and deletes its throw-away folder. */
  remove: () => Promise<void>;
}

/**
 * A throw-away embedded PostgreSQL for one bench run, on a free port, in a fresh folder under the system temp folder.
 * mkdtemp makes the folder private; run as root, PostgreSQL runs as the postgres user, which must enter it.
 */
export async function startBenchDatabase(input: {
  prefix: string;
  database: string;
  postgresFlags?: string[];
}): Promise<BenchDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${input.prefix}-`));
  fs.chmodSync(dataDir, 0o755);
  const port = await freePort();
  const database = await startEmbeddedPostgres({ dataDir, port, database: input.database, postgresFlags: input.postgresFlags });
  return {
    database,
    dataDir,
    port,
    remove: async () => {
      await database.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
