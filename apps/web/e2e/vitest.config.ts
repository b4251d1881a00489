import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * Browser flows: the real server (built on a fresh database per file, serving apps/web/dist) driven by a real
 * Chromium through playwright-core. One file at a time: each starts a browser, and phones-sized runners are small.
 */
export default defineConfig({
  root: repoRoot,
  // A flow may read the web app's texts bundles (the English and Swahili words it expects on screen).
  resolve: { alias: { '@': path.join(repoRoot, 'apps/web/src') } },
  test: {
    include: ['apps/web/e2e/**/*.e2e.ts'],
    globalSetup: [path.join(repoRoot, 'test/global-setup.ts')],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
    teardownTimeout: 60_000,
    onConsoleLog: () => true,
  },
});
