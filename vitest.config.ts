import { defineConfig } from 'vitest/config';

/**
 * `npm run test:unit`: two projects. `server` runs the contracts, server and tool tests on the embedded PostgreSQL
 * (its global setup starts it); `web` runs the web unit tests in happy-dom and needs no database.
 */
export default defineConfig({
  test: {
    maxWorkers: 2,
    onConsoleLog: () => true,
    projects: [
      {
        test: {
          name: 'server',
          include: ['packages/*/test/**/*.test.ts', 'apps/server/test/**/*.test.ts', 'tools/*/test/**/*.test.ts'],
          globalSetup: ['./test/global-setup.ts'],
          setupFiles: ['./test/console-guard.ts'],
          pool: 'forks',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      './apps/web/vitest.config.ts',
    ],
  },
});
