import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { assertNoUnexpectedPageErrors, DESKTOP, launchBrowser, openPage, screenshotOnFailure, type OpenPage } from './browser.ts';
import { startTestServer, type TestServer, type TestServerOptions } from './server.ts';

export interface E2EContext {
  readonly server: TestServer;
  readonly browser: Browser;
  /**
   * A fresh browser context (own storage) with one page at the server, `DESKTOP`-sized unless told; when the current
   * test fails, `<name>-failure.png` is saved. Closed after the file's tests.
   */
  open: (name: string, viewport?: { width: number; height: number }) => Promise<Page>;
  /** Every page `open` gave, for a flow's last check that none of them threw. */
  readonly opened: readonly OpenPage[];
}

/** Starts the test server and a browser before the file's tests and closes both after them; read them in a test. */
export function useE2EContext(options: TestServerOptions = {}): E2EContext {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  const opened: OpenPage[] = [];

  beforeAll(async () => {
    server = await startTestServer({}, options);
    browser = await launchBrowser();
  });

  // Every flow fails on an uncaught page error or a console.error it did not declare (support/browser.ts).
  afterEach(() => assertNoUnexpectedPageErrors());

  afterAll(async () => {
    await Promise.all(opened.map((each) => each.context.close().catch(() => undefined)));
    await browser?.close();
    await server?.close();
  });

  const context: E2EContext = {
    get server() {
      if (!server) throw new Error('The test server starts in beforeAll: read it inside a test');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('The browser starts in beforeAll: read it inside a test');
      return browser;
    },
    open: async (name, viewport = DESKTOP) => {
      const next = await openPage(context.browser, context.server.baseUrl, viewport);
      opened.push(next);
      screenshotOnFailure(() => next.page, name);
      return next.page;
    },
    opened,
  };
  return context;
}
