import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

const webRoot = path.dirname(fileURLToPath(import.meta.url));

/**
 * The web unit tests: the rule modules, the money formatting, the api client and a few components, in happy-dom
 * (a DOM without a browser). They need no database, so this project has no global setup; the root config runs it
 * beside the server project. The browser flows keep their own config (e2e/vitest.config.ts).
 */
export default defineProject({
  resolve: { alias: { '@': path.resolve(webRoot, 'src') } },
  test: {
    name: 'web',
    root: webRoot,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    setupFiles: [path.resolve(webRoot, '../../test/console-guard.ts'), path.resolve(webRoot, 'src/testing/setup.ts')],
  },
});
