import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { EmbeddedAccessError, startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';
import './keep-exit-code.ts';

import './provided.d.ts';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * One real PostgreSQL (the embedded one) for the whole run, in a throw-away folder; every test file creates its
 * own database in it (see apps/server/test/harness.ts). With TEST_DATABASE_ADMIN_URL set, that server is used.
 */
export default async function setup(project: TestProject) {
  const external = process.env.TEST_DATABASE_ADMIN_URL;
  if (external) {
    project.provide('pgAdminUrl', external);
    return;
  }
  const dataDir = path.resolve('.data-test', `run-${process.pid}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const embedded = await startEmbeddedPostgres({ dataDir, port: await freePort(), database: 'postgres' }).catch(
    (error: unknown) => {
      // Nothing can run without the database: say why in one sentence, with no stack, and stop the run.
      if (!(error instanceof EmbeddedAccessError)) throw error;
      console.error(error.message);
      process.exit(1);
    },
  );
  project.provide('pgAdminUrl', embedded.url);
  return async () => {
    await embedded.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
