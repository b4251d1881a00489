import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { expect, test } from 'vitest';
import {
  BROWSER_ARGS,
  chromiumPath,
  openPage,
  PHONE,
  screenshot,
  screenshotOnFailure,
  waitForServiceWorkerControl,
} from './support/browser.ts';
import { useE2EContext } from './support/context.ts';
import { OFFLINE_TITLE, openSignedInForOffline } from './support/offline.ts';
import { REPO_ROOT } from './support/paths.ts';
import { startTestServer } from './support/server.ts';

/**
 * The installable app (decision 036): the manifest makes the app installable, the service worker precaches the shell
 * so a reload without the network still opens the app with the offline notice, and no API answer ever comes from
 * the worker: offline, a call fails instead of showing money from a copy.
 */
const e2e = useE2EContext();
let page: Page | undefined;

/** What an in-page API call gets: the HTTP status, or the network error it failed with. */
async function callApiFromPage(target: Page, action: string): Promise<string> {
  return target.evaluate(async (name) => {
    try {
      const response = await fetch(`/api?action=${name}`, {
        headers: { Authorization: `Bearer ${localStorage.getItem('access_token') ?? ''}` },
      });
      return `answered ${response.status}`;
    } catch (error) {
      return `failed: ${error instanceof Error ? error.name : String(error)}`;
    }
  }, action);
}

test('Chromium finds the app installable: a valid manifest, icons, and a service worker controlling the page', async () => {
  // Chromium never offers to install from an incognito profile, and every context of the shared browser is one; so
  // this check runs in a browser with a profile of its own on disk, as a member's phone has.
  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tuzo-installable-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: await chromiumPath(),
    args: BROWSER_ARGS,
    headless: true,
    baseURL: e2e.server.baseUrl,
    viewport: PHONE,
  });
  const problems: string[] = [];
  try {
    page = context.pages()[0] ?? (await context.newPage());
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(await waitForServiceWorkerControl(page)).toBe(`${e2e.server.baseUrl}/sw.js`);

    const cdp = await context.newCDPSession(page);
    const appManifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
    expect(appManifest.url).toBe(`${e2e.server.baseUrl}/manifest.webmanifest`);
    expect(appManifest.errors).toEqual([]);
    // The list Chromium itself checks before it offers "Install app" (manifest fields, icons, worker, scope).
    const installability = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] };
    expect(installability.installabilityErrors).toEqual([]);

    const manifest = await page.evaluate(async () => {
      const href = document.querySelector('link[rel="manifest"]')?.getAttribute('href') ?? '';
      return (await fetch(href)).json() as Promise<{
        name: string;
        short_name: string;
        display: string;
        start_url: string;
        scope: string;
        icons: Array<{ sizes: string; purpose: string }>;
      }>;
    });
    expect(manifest).toMatchObject({ name: 'Tuzo', short_name: 'Tuzo', display: 'standalone', start_url: '/', scope: '/' });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(
      expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
    );
    expect(problems).toEqual([]);
  } finally {
    page = undefined;
    await context.close();
    fs.rmSync(profileDir, { recursive: true, force: true });
  }
});

test('offline: the dashboard says when balances were fetched, the API fails, and a reload opens the cached shell', async () => {
  // Online, nothing about the network is shown (checked by the set-up).
  const opened = await openSignedInForOffline(e2e, 'installable-offline');
  page = opened.page;

  await opened.context.setOffline(true);
  await page.getByText(OFFLINE_TITLE).waitFor();
  const note = page.getByTestId('balances-fetched-at');
  await note.waitFor();
  expect(await note.textContent()).toMatch(/^Last updated \d{2}:\d{2}\. Balances may have changed since/);
  // The worker answers no API call: offline it fails instead of returning the balances seen a moment ago.
  expect(await callApiFromPage(page, 'userdata')).toBe('failed: TypeError');
  await screenshot(page, 'installable-offline-dashboard');

  // A reload without the network: the shell comes from the precache. No answer is not a 401, so the member stays
  // signed in (decision 058; offline-reload.e2e.ts checks the balances and their time).
  await page.reload();
  await page.getByText(OFFLINE_TITLE).waitFor();
  await page.getByTestId('welcome-username').waitFor();
  expect(await page.evaluate(() => document.title)).toBe('Tuzo');
  expect(await callApiFromPage(page, 'auth')).toBe('failed: TypeError');
  await screenshot(page, 'installable-offline-reload');

  // Back online, the notice goes and the API answers again, from the server.
  await opened.context.setOffline(false);
  await page.getByText(OFFLINE_TITLE).waitFor({ state: 'detached' });
  expect(await callApiFromPage(page, 'auth')).toBe('answered 200');
  expect(opened.pageErrors).toEqual([]);
});

test('a new deploy: "A new version is available", and "Reload" moves the page to the new service worker', async () => {
  // A server of its own on a copy of the build, so this test can deploy a "new version" without touching apps/web/dist.
  const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tuzo-deploy-'));
  fs.cpSync(path.join(REPO_ROOT, 'apps/web/dist'), distDir, { recursive: true });
  const server = await startTestServer({ WEB_DIST_DIR: distDir });
  try {
    const opened = await openPage(e2e.browser, server.baseUrl, PHONE);
    page = opened.page;
    screenshotOnFailure(() => page, 'installable-update');
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await waitForServiceWorkerControl(page);
    expect(await page.getByTestId('update-prompt').count()).toBe(0);

    // The next deploy changes the worker (its precache list names the new files); the browser finds it on its next
    // check, which a member's browser makes on navigation and this test asks for directly.
    fs.appendFileSync(path.join(distDir, 'sw.js'), '\n// the next deploy\n');
    for (const copy of ['sw.js.br', 'sw.js.gz']) fs.rmSync(path.join(distDir, copy), { force: true });
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const prompt = page.getByTestId('update-prompt');
    await prompt.getByText('A new version is available').waitFor();
    // The new worker waits: the open page keeps the version it started with until the member chooses.
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(true);
    await screenshot(page, 'installable-update-prompt');

    await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);
    await page.getByRole('button', { name: 'Login' }).waitFor();
    const after = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return { isWaiting: Boolean(registration?.waiting), isControlled: navigator.serviceWorker.controller !== null };
    });
    expect(after).toEqual({ isWaiting: false, isControlled: true });
    expect(await page.getByTestId('update-prompt').count()).toBe(0);
    expect(opened.pageErrors).toEqual([]);
  } finally {
    await server.close();
    fs.rmSync(distDir, { recursive: true, force: true });
  }
});
