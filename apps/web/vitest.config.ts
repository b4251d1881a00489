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
    // i18next-icu's ES build default-imports intl-messageformat; Node's loader hands it the CommonJS namespace (every
    // text left unformatted). Inlined, Vite resolves intl-messageformat's ES build, as the browser build does.
    server: { deps: { inline: ['i18next-icu'] } },
    setupFiles: [path.resolve(webRoot, '../../test/console-guard.ts'), path.resolve(webRoot, 'src/testing/setup.ts')],
  },
});
