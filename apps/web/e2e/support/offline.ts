import { expect } from 'vitest';
import {
  expectConsoleError,
  loginThroughForm,
  openPage,
  PHONE,
  screenshotOnFailure,
  waitForServiceWorkerControl,
  type OpenPage,
} from './browser.ts';
import type { E2EContext } from './context.ts';
import { DEMO_MEMBER } from './server.ts';

/** The shell's offline notice (components/offline-notice.texts.ts). */
export const OFFLINE_TITLE = 'You are offline.';

/**
 * The set-up of the offline flows (installable.e2e.ts, offline-reload.e2e.ts): the demo member signed in through the
 * form on a phone-sized page that the service worker controls, online, with no offline notice and no "Last updated"
 * note yet. Offline, Chromium logs every failed request (the start-up verification, the dashboard's calls) as an
 * error, so those are expected; `<name>-failure.png` is saved when the test fails.
 */
export async function openSignedInForOffline(e2e: E2EContext, name: string): Promise<OpenPage> {
  const opened = await openPage(e2e.browser, e2e.server.baseUrl, PHONE);
  const { page } = opened;
  screenshotOnFailure(() => page, name);
  expectConsoleError(page, /net::ERR_INTERNET_DISCONNECTED/);
  await page.goto('/login');
  await loginThroughForm(page, DEMO_MEMBER.username, DEMO_MEMBER.password);
  await page.getByTestId('welcome-username').waitFor();
  await waitForServiceWorkerControl(page);
  expect(await page.getByTestId('offline-notice').count()).toBe(0);
  expect(await page.getByTestId('balances-fetched-at').count()).toBe(0);
  return opened;
}
