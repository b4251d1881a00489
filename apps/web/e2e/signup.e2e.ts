import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { expectRefusal, loginThroughForm, openPage, PHONE, screenshot, screenshotOnFailure } from './support/browser.ts';
import { useE2EContext } from './support/context.ts';

const e2e = useE2EContext();
let page: Page | undefined;

test('sign up through a sponsor link, log in, see the activation page, log out', async () => {
  const opened = await openPage(e2e.browser, e2e.server.baseUrl, PHONE);
  page = opened.page;
  screenshotOnFailure(() => page, 'signup');
  // The availability check of a taken username answers 409 on purpose.
  expectRefusal(page, { action: 'freeuser', status: 409 });

  await page.goto('/reg/demo_sponsor');
  await page.getByTestId('sponsor-box').waitFor();
  expect(await page.getByTestId('sponsor-box').textContent()).toContain('demo_sponsor');

  // Typing filter: characters other than letters, digits and underscores disappear.
  const username = page.getByLabel('Username');
  await username.pressSequentially('demo sponsor!');
  expect(await username.inputValue()).toBe('demosponsor');
  await username.fill('demo_sponsor');
  await page.getByText('Username is already taken').waitFor();
  await username.fill('e2e_member');
  await page.getByText('Username is available').waitFor();
  expect(await page.getByTestId('username-availability').getAttribute('class')).toContain('text-green-700');

  await page.getByLabel('Email').fill('e2e_member@example.com');
  await page.getByText('Email is available').waitFor();

  await page.getByLabel('Country').selectOption({ label: 'Kenya (+254)' });
  expect(await page.getByTestId('dial-code').textContent()).toBe('+254');
  const phone = page.getByLabel('Phone number');
  await phone.pressSequentially('0712-345-678');
  expect(await phone.inputValue()).toBe('712345678');
  await page.getByText('Phone number is available').waitFor();

  await page.getByLabel('Password', { exact: true }).fill('secret123');
  await page.getByLabel('Confirm password').fill('secret123');
  await screenshot(page, 'signup-form');
  await page.getByRole('button', { name: 'Sign Up' }).click();

  await page.getByText('Registration successful!').waitFor();
  await page.waitForURL('**/login');

  await loginThroughForm(page, 'e2e_member', 'secret123');
  await page.getByTestId('activation-page').waitFor();
  expect(await page.getByRole('button', { name: 'Logout' }).isVisible()).toBe(true);
  expect(await page.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(0);
  await screenshot(page, 'signup-activation');

  // An inactive member cannot reach the profile: the activation page has the language switch.
  await page.getByTestId('language-switch').getByText('Kiswahili').click();
  await page.getByRole('button', { name: 'Toka' }).waitFor();
  expect(await page.getByTestId('activation-page').textContent()).not.toContain('Activate your account');
  await page.getByTestId('language-switch').getByText('English').click();
  await page.getByTestId('activation-page').getByText('Activate your account').first().waitFor();

  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('button', { name: 'Login' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/');
  expect(await page.evaluate(() => [localStorage.getItem('access_token'), localStorage.getItem('user')])).toEqual([null, null]);
  await screenshot(page, 'signup');
  expect(opened.pageErrors).toEqual([]);
});

test('a wrong password shows the red box and the server message', async () => {
  const opened = await openPage(e2e.browser, e2e.server.baseUrl);
  page = opened.page;
  screenshotOnFailure(() => page, 'login-failure');
  // The wrong password is refused (400) on purpose.
  expectRefusal(page, { action: 'login', status: 400 });
  await page.goto('/login');
  await loginThroughForm(page, 'demo_sponsor', 'wrong-password');
  const box = page.getByTestId('login-error');
  await box.waitFor();
  expect((await box.textContent())?.length).toBeGreaterThan(0);
  expect(await box.getAttribute('class')).toContain('bg-red-50');

  // Empty fields are caught by the contract's messages before any call.
  await page.getByLabel('Username or email').fill('');
  await page.getByLabel('Password', { exact: true }).fill('');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByText('Username or email is required').waitFor();
  await page.getByText('Password is required').waitFor();
  await screenshot(page, 'login-failure');
  expect(opened.pageErrors).toEqual([]);
});
