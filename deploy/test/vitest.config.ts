import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * `npm run test:ops`: the production checks that start real processes and OS tools (several app nodes behind the
 * load balancer, PgBouncer, promtool, pgBackRest and a PostgreSQL 15 cluster). One file at a time: each starts
 * servers of its own, and the machine is small. `.ci/run` installs the OS packages they need.
 */
export default defineConfig({
  root: repoRoot,
  test: {
    include: ['deploy/test/**/*.test.ts'],
    globalSetup: [path.join(repoRoot, 'test/global-setup.ts')],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 300_000,
    teardownTimeout: 60_000,
    onConsoleLog: () => true,
  },
});
