import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { DESKTOP, loginThroughForm, openPage, PHONE, screenshot, screenshotOnFailure, type OpenPage } from './support/browser.ts';
import { apiHelpers } from './support/api.ts';
import { useE2EContext } from './support/context.ts';
import { ADMIN_PASSWORD, ADMIN_USERNAME, DEMO_MEMBER } from './support/server.ts';
import { enrolStaff, loginStaffThroughForm } from './support/staff.ts';

/**
 * The console's Content page end to end: the operator (signed in with an authenticator code) adds a trivia question
 * and finds it in the bank, opens the videos, adds an ad with an uploaded image, then sends a member a notification,
 * which the member sees when they sign in.
 * Screenshots at each step.
 */
/** A 1x1 transparent PNG. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

const e2e = useE2EContext();
const api = apiHelpers(() => e2e.server.baseUrl);
const opened: OpenPage[] = [];

async function open(viewport: { width: number; height: number }, name: string): Promise<Page> {
  const next = await openPage(e2e.browser, e2e.server.baseUrl, viewport);
  opened.push(next);
  screenshotOnFailure(() => next.page, name);
  return next.page;
}

test('operator adds a trivia question, sees it in the bank and notifies a member, who sees it', async () => {
  const admin = await enrolStaff(api, ADMIN_USERNAME, ADMIN_PASSWORD);
  const page = await open(DESKTOP, 'admin-content-desktop');
  await page.goto('/login');
  await loginStaffThroughForm(page, { username: ADMIN_USERNAME, password: ADMIN_PASSWORD, secret: admin.secret });
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));

  // 1. Content, from the console's navigation.
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Operator console' }).getByRole('link', { name: 'Content' }).click();
  await page.getByRole('tab', { name: 'Trivia' }).waitFor();
  await page.getByTestId('trivia-row').first().waitFor();
  await screenshot(page, 'admin-content-1-bank-desktop');

  // 2. Refused first: two options the same; the form says so and nothing is saved.
  const question = `Which lake is the largest in Africa? (e2e ${Date.now()})`;
  const form = page.getByRole('form', { name: 'Add question' });
  await form.getByLabel('Question').fill(question);
  for (const [letter, text] of [
    ['A', 'Lake Victoria'],
    ['B', 'Lake Tanganyika'],
    ['C', 'Lake Malawi'],
    ['D', 'lake victoria'],
  ] as const) {
    await form.getByLabel(`Option ${letter}`).fill(text);
  }
  await form.getByRole('button', { name: 'Add question' }).click();
  await form.getByText('The four options must all be different').waitFor();
  await screenshot(page, 'admin-content-2-refused-desktop');

  // 3. Fixed and added: it is in the bank, found by its text.
  await form.getByLabel('Option D').fill('Lake Turkana');
  await form.getByLabel('Correct option').selectOption('1');
  await form.getByRole('button', { name: 'Add question' }).click();
  await page.getByText('Question added').first().waitFor();
  await page.getByLabel('Question text').fill('largest in Africa');
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByTestId('trivia-row').filter({ hasText: question });
  await row.waitFor();
  expect(await row.getByText('Active').count()).toBe(1);
  await screenshot(page, 'admin-content-3-added-desktop');
  const bank = await api.call<{ rows: Array<{ question: string; correct: number; options: string[] }> }>(
    `admintrivia&q=${encodeURIComponent(question)}`,
    { token: admin.token },
  );
  expect(bank.data.rows).toEqual([
    expect.objectContaining({
      question,
      correct: 1,
      options: ['Lake Victoria', 'Lake Tanganyika', 'Lake Malawi', 'Lake Turkana'],
    }),
  ]);

  // 4. Videos and ads: the demo videos are listed; an ad gets an uploaded PNG (type checked by its bytes).
  await page.getByRole('tab', { name: 'Videos' }).click();
  await page.getByTestId('video-row').first().waitFor();
  await screenshot(page, 'admin-content-4-videos-desktop');
  await page.getByRole('tab', { name: 'Ads' }).click();
  const adForm = page.getByRole('form', { name: 'Add ad' });
  await adForm.getByLabel('Name').fill('E2E Solar Lamps');
  await adForm.getByLabel(/^Upload an image/).setInputFiles({ name: 'lamp.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expect.poll(() => adForm.getByLabel(/^Image URL/).inputValue()).toMatch(/^\/media\/uploads\/[0-9a-f]{32}\.png$/);
  await adForm.getByRole('button', { name: 'Add ad' }).click();
  await page.getByText('Ad saved').first().waitFor();
  await page.getByTestId('ad-row').filter({ hasText: 'E2E Solar Lamps' }).waitFor();
  await screenshot(page, 'admin-content-5-ads-desktop');

  // 5. Notify a member by username.
  await page.getByRole('tab', { name: 'Notify' }).click();
  const notify = page.getByRole('form', { name: 'Send a notification' });
  await notify.getByLabel('Member username').fill(DEMO_MEMBER.username);
  await notify.getByLabel('Message').fill('Your e2e notification from the operator');
  await screenshot(page, 'admin-content-6-notify-desktop');
  await notify.getByRole('button', { name: 'Send notification' }).click();
  await page.getByText('Notification sent to 1 member').first().waitFor();

  // 6. The member signs in (on a phone) and sees it.
  const memberPage = await open(PHONE, 'admin-content-member-phone');
  await memberPage.goto('/login');
  await loginThroughForm(memberPage, DEMO_MEMBER.username, DEMO_MEMBER.password);
  await memberPage.getByTestId('welcome-username').waitFor();
  // It arrives in the `info` queue (a banner, after any notices queued before it) and is listed on the bell's page.
  await memberPage.getByTestId('notification-bell').click();
  await memberPage.waitForURL('**/notifications');
  await memberPage.getByTestId('notification-item').filter({ hasText: 'Your e2e notification from the operator' }).waitFor();
  await screenshot(memberPage, 'admin-content-7-member-sees-it-phone');
  for (const item of opened) expect(item.pageErrors).toEqual([]);
});
