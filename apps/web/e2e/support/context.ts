import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { assertNoUnexpectedPageErrors, launchBrowser } from './browser.ts';
import { startTestServer, type TestServer, type TestServerOptions } from './server.ts';

export interface E2EContext {
  readonly server: TestServer;
  readonly browser: Browser;
}

/** Starts the test server and a browser before the file's tests and closes both after them; read them in a test. */
export function useE2EContext(options: TestServerOptions = {}): E2EContext {
  let server: TestServer | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    server = await startTestServer({}, options);
    browser = await launchBrowser();
  });

  // Every flow fails on an uncaught page error or a console.error it did not declare (support/browser.ts).
  afterEach(() => assertNoUnexpectedPageErrors());

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  return {
    get server() {
      if (!server) throw new Error('The test server starts in beforeAll: read it inside a test');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('The browser starts in beforeAll: read it inside a test');
      return browser;
    },
  };
}
