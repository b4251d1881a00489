import { parseAmountToMinor } from '@tuzo/contracts';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { expectRefusal, loginThroughForm, openPage, PHONE, screenshot, screenshotOnFailure } from './support/browser.ts';
import { useE2EContext } from './support/context.ts';
import { OFFLINE_TITLE, openSignedInForOffline } from './support/offline.ts';
import { DEMO_MEMBER } from './support/server.ts';

/**
 * The installed app offline (issue 26 part 4, decision 058): a reload without the network keeps the member signed
 * in and opens the shell from the service worker's precache, with the offline notice and the last balances with the
 * time they were fetched; back online the token is verified again and the balances are fetched from the server.
 */
const e2e = useE2EContext();
let page: Page | undefined;

const isAction = (name: string) => (url: string) => new URL(url).searchParams.get('action') === name;

test('offline reload: still signed in, the shell with the notice and the last balances with their time', async () => {
  const opened = await openSignedInForOffline(e2e, 'offline-reload');
  page = opened.page;
  const balanceOnline = await page.getByTestId('wallet-balance').textContent();
  expect(balanceOnline).toMatch(/\d/);

  await opened.context.setOffline(true);
  await page.reload();
  await page.getByText(OFFLINE_TITLE).waitFor();
  // Signed in: the shell and the dashboard, not the login form, with the stored session kept.
  await page.getByTestId('welcome-username').waitFor();
  expect(await page.getByRole('button', { name: 'Login' }).count()).toBe(0);
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeTruthy();
  // The last balances, said to be from a time, never as current.
  expect(await page.getByTestId('wallet-balance').textContent()).toBe(balanceOnline);
  const note = page.getByTestId('balances-fetched-at');
  await note.waitFor();
  expect(await note.textContent()).toMatch(/^Last updated \d{2}:\d{2}\. Balances may have changed since/);
  await screenshot(page, 'offline-reload-dashboard');

  // Back online: the token is verified again, the balances come from the server and the note goes.
  const verified = page.waitForResponse((response) => isAction('auth')(response.url()) && response.status() === 200);
  const fetched = page.waitForResponse((response) => isAction('userdata')(response.url()) && response.status() === 200);
  await opened.context.setOffline(false);
  await verified;
  const userdata = (await (await fetched).json()) as { data: { balances: { balance: string | number } } };
  await page.getByText(OFFLINE_TITLE).waitFor({ state: 'detached' });
  await note.waitFor({ state: 'detached' });
  await page.getByTestId('welcome-username').waitFor();
  const shown = (await page.getByTestId('wallet-balance').textContent()) ?? '';
  expect(BigInt(shown.replace(/[^\d]/g, ''))).toBe(parseAmountToMinor(String(userdata.data.balances.balance)));
  expect(opened.pageErrors).toEqual([]);
});

test('a 401 at start-up signs out and clears the stored balances', async () => {
  const opened = await openPage(e2e.browser, e2e.server.baseUrl, PHONE);
  page = opened.page;
  screenshotOnFailure(() => page, 'offline-reload-401');
  await page.goto('/login');
  await loginThroughForm(page, DEMO_MEMBER.username, DEMO_MEMBER.password);
  await page.getByTestId('welcome-username').waitFor();
  // The server no longer knows the token (as after a sign-out elsewhere): the next start-up verification gets 401.
  await page.evaluate(() => localStorage.setItem('access_token', 'revoked-token'));
  expectRefusal(page, { action: 'auth', status: 401 });
  // The user data is asked for beside the verification (decision 058): it gets the same 401.
  expectRefusal(page, { action: 'userdata', status: 401 });
  await page.reload();
  await page.getByRole('button', { name: 'Login' }).waitFor();
  const stored = await page.evaluate(() => [localStorage.getItem('user'), localStorage.getItem('user_fetched_at')]);
  expect(stored).toEqual([null, null]);
  expect(opened.pageErrors).toEqual([]);
});
