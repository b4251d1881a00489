import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { expectRefusal, loginThroughForm, openPage, screenshot, screenshotOnFailure } from './support/browser.ts';
import { useE2EContext } from './support/context.ts';

const e2e = useE2EContext();
let page: Page | undefined;

const EXPIRED = 'Session expired. Please login again.';

test('a revoked token: the next call gets 401, "Session expired" and the login screen', async () => {
  const opened = await openPage(e2e.browser, e2e.server.baseUrl);
  page = opened.page;
  screenshotOnFailure(() => page, 'session');
  // The revoked token's next call is answered 401 on purpose.
  expectRefusal(page, { action: 'updatepassword', status: 401 });

  await page.goto('/login');
  await loginThroughForm(page, 'demo_l1', 'demo1234');
  await page.getByTestId('welcome-username').waitFor();
  expect(await page.evaluate(() => localStorage.getItem('refreshIntervalId'))).not.toBeNull();

  // Open the profile first (it loads the member's SMS choices with the live token), then revoke the session behind
  // the app's back and make the app call the server.
  await page.locator('header').getByRole('link', { name: 'Profile' }).click();
  await page.getByRole('button', { name: 'Change Password' }).waitFor();
  await page.getByRole('checkbox').first().waitFor();
  // Revoke the session behind the app's back, then make the app call the server.
  const status = await page.evaluate(async () => {
    const response = await fetch('/api?action=logout', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${localStorage.getItem('access_token')}` },
    });
    return response.status;
  });
  expect(status).toBe(200);
  await page.getByRole('button', { name: 'Change Password' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Current password').fill('demo1234');
  await dialog.getByLabel('New password', { exact: true }).fill('another1');
  await dialog.getByLabel('Confirm new password').fill('another1');
  await dialog.getByRole('button', { name: 'Change Password' }).click();

  await page.getByText(EXPIRED).waitFor();
  await page.getByRole('button', { name: 'Login' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/');
  expect(
    await page.evaluate(() => [
      localStorage.getItem('access_token'),
      localStorage.getItem('user'),
      localStorage.getItem('refreshIntervalId'),
    ]),
  ).toEqual([null, null, null]);
  await screenshot(page, 'session-revoked');
  expect(opened.pageErrors).toEqual([]);
});

test('a bogus stored token: start-up verification fails with 401 and shows the login screen', async () => {
  const opened = await openPage(e2e.browser, e2e.server.baseUrl);
  page = opened.page;
  screenshotOnFailure(() => page, 'session');
  // The bogus token's start-up verification is answered 401 on purpose.
  expectRefusal(page, { action: 'auth', status: 401 });
  // The user data is asked for beside the verification (decision 058): it gets the same 401.
  expectRefusal(page, { action: 'userdata', status: 401 });

  await page.goto('/login');
  await page.evaluate(() => localStorage.setItem('access_token', 'bogus-token-value'));
  await page.goto('/dashboard');
  await page.getByText(EXPIRED).waitFor();
  await page.getByRole('button', { name: 'Login' }).waitFor();
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
  await screenshot(page, 'session');
  expect(opened.pageErrors).toEqual([]);
});
