import type { Page } from 'playwright-core';
import { afterAll, expect, test } from 'vitest';
import { DESKTOP, openPage, PHONE, screenshot, screenshotOnFailure, type OpenPage } from './support/browser.ts';
import { apiHelpers } from './support/api.ts';
import { useE2EContext } from './support/context.ts';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from './support/server.ts';
import { enrolStaff, loginStaff, loginStaffThroughForm } from './support/staff.ts';

/**
 * The console's overview end to end: the operator (signed in with an authenticator code) opens Overview from the
 * console's navigation and sees the same figures the API answers, the three 30-day charts (uPlot, loaded by this page
 * only) and each chart's numbers as a table; then the overview on a phone. Screenshots of both.
 */
const e2e = useE2EContext();
const api = apiHelpers(() => e2e.server.baseUrl);
const opened: OpenPage[] = [];

async function open(viewport: { width: number; height: number }, name: string): Promise<Page> {
  const next = await openPage(e2e.browser, e2e.server.baseUrl, viewport);
  opened.push(next);
  screenshotOnFailure(() => next.page, name);
  return next.page;
}

afterAll(async () => {
  for (const item of opened) await item.page.context().close();
});

interface Overview {
  currency: string;
  members: { total: number; active: number; dormant: number; suspended: number };
  pending_withdrawals: { count: number; amount: string };
  spins: { expected_return: string };
  days: unknown[];
}

test('operator opens the overview: figures, charts and their tables', async () => {
  const admin = await enrolStaff(api, ADMIN_USERNAME, ADMIN_PASSWORD);
  const token = await loginStaff(api, { username: ADMIN_USERNAME, password: ADMIN_PASSWORD, secret: admin.secret });
  const answer = await api.call<Overview>('adminoverview', { token });
  expect(answer.resultcode, answer.msg).toBe(true);
  const figures = answer.data;
  expect(figures.days).toHaveLength(30);

  const page = await open(DESKTOP, 'admin-overview-desktop');
  await page.goto('/login');
  await loginStaffThroughForm(page, { username: ADMIN_USERNAME, password: ADMIN_PASSWORD, secret: admin.secret });
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));

  await page.goto('/admin');
  const nav = page.getByRole('navigation', { name: 'Operator console' });
  const first = nav.getByRole('link').first();
  await first.waitFor();
  expect(await first.textContent()).toContain('Overview');
  await nav.getByRole('link', { name: 'Overview' }).click();
  await page.getByTestId('overview').waitFor();
  await page.waitForURL((url) => url.pathname === '/admin/overview');

  const count = (n: number) => n.toLocaleString('en');
  expect(await page.getByTestId('members-total').locator('dd').first().textContent()).toBe(count(figures.members.total));
  expect(await page.getByTestId('members-active').locator('dd').first().textContent()).toBe(count(figures.members.active));
  expect(await page.getByTestId('members-dormant').locator('dd').first().textContent()).toBe(count(figures.members.dormant));
  expect(await page.getByTestId('pending-count').locator('dd').first().textContent()).toBe(
    count(figures.pending_withdrawals.count),
  );
  await page.getByTestId('spins-return').getByText(`published ${figures.spins.expected_return} %`).waitFor();

  // Three charts drawn by uPlot, each with a title and its numbers as a table.
  const charts = page.getByTestId('overview-chart');
  await expect.poll(() => charts.count()).toBe(3);
  for (const title of [
    `Deposits and withdrawals per day (${figures.currency})`,
    'Activations and new members per day',
    `Task pay per day (${figures.currency})`,
  ]) {
    await page.getByRole('figure', { name: title }).locator('canvas').first().waitFor();
  }
  const money = page.getByRole('figure', { name: `Deposits and withdrawals per day (${figures.currency})` });
  await money.getByText('Show the numbers').click();
  await expect.poll(() => money.locator('details tbody tr').count()).toBe(30);
  await screenshot(page, 'admin-overview-1-desktop');

  // On a phone: the same page, one column.
  const phone = await open(PHONE, 'admin-overview-phone');
  await phone.goto('/login');
  await loginStaffThroughForm(phone, { username: ADMIN_USERNAME, password: ADMIN_PASSWORD, secret: admin.secret });
  await phone.waitForURL((url) => !url.pathname.startsWith('/login'));
  await phone.goto('/admin/overview');
  await phone.getByTestId('overview').waitFor();
  await phone.getByTestId('overview-chart').first().locator('canvas').first().waitFor();
  await screenshot(phone, 'admin-overview-2-phone');

  for (const each of opened) expect(each.pageErrors).toEqual([]);
});
