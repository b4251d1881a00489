import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { expectRefusal, DESKTOP, loginThroughForm, openPage, PHONE, screenshot, screenshotOnFailure } from './support/browser.ts';
import { useE2EContext } from './support/context.ts';
import { DEMO_MEMBER } from './support/server.ts';

const e2e = useE2EContext();
let page: Page | undefined;

async function sidebarCookie(target: Page): Promise<string | undefined> {
  const cookies = await target.context().cookies();
  return cookies.find((cookie) => cookie.name === 'sidebar_state')?.value;
}

test('desktop: dashboard, sidebar collapse (button, Ctrl+B, cookie), profile and password change', async () => {
  const opened = await openPage(e2e.browser, e2e.server.baseUrl, DESKTOP);
  page = opened.page;
  screenshotOnFailure(() => page, 'member-desktop');

  await page.goto('/login');
  await loginThroughForm(page, DEMO_MEMBER.username, DEMO_MEMBER.password);
  await page.getByTestId('welcome-username').waitFor();
  expect(await page.getByTestId('welcome-username').textContent()).toBe('demo_sponsor');
  expect(await page.getByTestId('wallet-balance').textContent()).toMatch(/Jumbo Wallet[A-Z]{3} \d{1,3}(,\d{3})*\.\d{2}/);
  await page.getByRole('button', { name: 'Copy link' }).click();
  await page.getByText('Link copied to clipboard!').waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${e2e.server.baseUrl}/reg/demo_sponsor`);
  await screenshot(page, 'member-dashboard');

  const sidebar = page.locator('nav[data-slot="sidebar"]');
  expect(await sidebar.getAttribute('data-state')).toBe('expanded');
  for (const title of [
    'Dashboard',
    'Share',
    'Tasks',
    'WhatsApp',
    'Deposit',
    'Pay For Client',
    'Withdraw',
    'Withdrawal History',
    'Welcome Bonus',
    'Daily Bonuses',
    'Ads Promotion',
    'Trivia',
    'TikTok',
    'YouTube',
    'Spin',
    'Forex',
    'Crypto',
    'My Team',
    'Profile',
    'Logout',
  ]) {
    expect(await sidebar.getByText(title, { exact: true }).count(), title).toBeGreaterThan(0);
  }
  await sidebar.getByRole('button', { name: 'My Team' }).click();
  await sidebar.getByRole('link', { name: 'Level 2' }).click();
  await page.waitForURL('**/my-team/level-2');
  await page.getByText('My Team: Level 2').first().waitFor();

  await page.getByRole('button', { name: 'Toggle menu' }).click();
  await page.waitForFunction(
    () => document.querySelector('nav[data-slot="sidebar"]')?.getAttribute('data-state') === 'collapsed',
  );
  expect(await sidebarCookie(page)).toBe('false');
  await sidebar.getByRole('link', { name: 'Deposit' }).hover();
  await page.getByRole('tooltip', { name: 'Deposit' }).waitFor();
  await screenshot(page, 'member-collapsed');

  await page.keyboard.press('Control+b');
  await page.waitForFunction(() => document.querySelector('nav[data-slot="sidebar"]')?.getAttribute('data-state') === 'expanded');
  expect(await sidebarCookie(page)).toBe('true');
  await page.keyboard.press('Control+b');
  await page.waitForFunction(
    () => document.querySelector('nav[data-slot="sidebar"]')?.getAttribute('data-state') === 'collapsed',
  );
  await page.reload();
  await page.locator('nav[data-slot="sidebar"][data-state="collapsed"]').waitFor();
  await page.keyboard.press('Control+b');
  await page.locator('nav[data-slot="sidebar"][data-state="expanded"]').waitFor();

  // The demo team's activations paid demo_sponsor commissions, each with an unread notification: the bell shows
  // their count and opens /notifications; once all are read it shows the spec's toast.
  await page.getByTestId('notification-count').waitFor();
  await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
  await page.waitForURL('**/notifications');
  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await page.getByTestId('notification-count').waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Notifications', exact: true }).click();
  await page.getByText('No New Notifications!').waitFor();

  await sidebar.getByRole('link', { name: 'Profile' }).click();
  await page.waitForURL('**/user-profile');
  expect(await page.getByTestId('profile-username').textContent()).toBe('demo_sponsor');
  await page.getByText('Active Account').first().waitFor();
  expect(await page.getByTestId('profile-upline').textContent()).toBe('None');
  expect(await page.getByTestId('profile-joined').textContent()).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4} at \d{2}:\d{2} (AM|PM)$/);

  await page.getByRole('button', { name: 'Change Password' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await dialog.getByText('Current password is required').waitFor();
  await dialog.getByLabel('Current password').fill(DEMO_MEMBER.password);
  await dialog.getByLabel('New password', { exact: true }).fill('newpass123');
  await dialog.getByLabel('Confirm new password').fill('newpass999');
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await dialog.getByText("Passwords don't match").waitFor();
  await dialog.getByLabel('Confirm new password').fill('newpass123');
  await screenshot(page, 'member-change-password');
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await page.getByText('Password changed successfully!').waitFor();
  await dialog.waitFor({ state: 'detached' });

  await sidebar.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('button', { name: 'Login' }).waitFor();
  // The old password is refused (400) on purpose.
  expectRefusal(page, { action: 'login', status: 400 });
  await loginThroughForm(page, DEMO_MEMBER.username, DEMO_MEMBER.password);
  await page.getByTestId('login-error').waitFor();
  await loginThroughForm(page, DEMO_MEMBER.username, 'newpass123');
  await page.getByTestId('welcome-username').waitFor();
  await screenshot(page, 'member');
  expect(opened.pageErrors).toEqual([]);
});

test('phone: the sidebar is a slide-in panel that closes on navigation', async () => {
  const opened = await openPage(e2e.browser, e2e.server.baseUrl, PHONE);
  page = opened.page;
  screenshotOnFailure(() => page, 'member-phone');

  await page.goto('/');
  await loginThroughForm(page, DEMO_MEMBER.username, 'newpass123');
  await page.getByTestId('welcome-username').waitFor();
  await screenshot(page, 'member-phone-dashboard');
  expect(await page.locator('nav[data-slot="sidebar"]').count()).toBe(0);

  await page.getByRole('button', { name: 'Toggle menu' }).click();
  const panel = page.getByRole('dialog', { name: 'Main navigation' });
  await panel.waitFor();
  const box = await panel.boundingBox();
  expect(box?.width).toBeCloseTo(18 * 16, -1);
  await screenshot(page, 'member-phone-menu');
  await panel.getByRole('link', { name: 'Trivia' }).click();
  await page.waitForURL('**/trivia');
  await panel.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Start Trivia' }).waitFor();

  await page.locator('header').getByRole('link', { name: 'Profile' }).click();
  await page.getByTestId('profile-username').waitFor();
  await screenshot(page, 'member-phone');
  expect(opened.pageErrors).toEqual([]);
});
