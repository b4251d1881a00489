import type { Page } from 'playwright-core';
import { afterAll, expect, test } from 'vitest';
import { apiHelpers } from './support/api.ts';
import { DESKTOP, loginThroughForm, openPage, screenshot, screenshotOnFailure, type OpenPage } from './support/browser.ts';
import { useE2EContext } from './support/context.ts';
import { DEMO_MEMBER } from './support/server.ts';

/**
 * The notifications page and the bell: with unread notifications the bell shows their count and opens
 * /notifications (newest first, 20 a page, local times, unread marked); "Mark all as read" empties the count and the
 * bell goes back to the spec's toast "No New Notifications!".
 */
const e2e = useE2EContext();
const api = apiHelpers(() => e2e.server.baseUrl);
const MEMBER = 'notes_e2e_member';
let opened: OpenPage | undefined;
afterAll(async () => opened?.context.close().catch(() => undefined));

/** A member with 23 notifications, already delivered as toasts (so none queue up), unread, a minute apart. */
async function seed(): Promise<void> {
  const pool = e2e.server.app.deps.pool;
  await pool.query(
    `INSERT INTO members (username, email, phone, password_hash, country_id, status, activated_at)
     SELECT $2, $2 || '@example.com', '+254711888000', s.password_hash, s.country_id, 'active', now() - interval '3 days'
     FROM members s WHERE s.username = $1`,
    [DEMO_MEMBER.username, MEMBER],
  );
  await pool.query(
    `INSERT INTO member_notifications (member_id, msg, severity, created_at, delivered_at)
     SELECT m.id, 'Notice number ' || g || CASE WHEN g = 23 THEN '\\nsecond line' ELSE '' END,
            (ARRAY['info', 'success', 'warning', 'error'])[1 + g % 4], now() - (24 - g) * interval '1 minute', now()
     FROM generate_series(1, 23) g, members m WHERE m.username = $1`,
    [MEMBER],
  );
}

const items = (page: Page) => page.getByTestId('notification-item');

test('bell with a count opens the page; paging, mark one, mark all; then the bell toasts', async () => {
  await seed();
  opened = await openPage(e2e.browser, e2e.server.baseUrl, DESKTOP);
  const { page, pageErrors } = opened;
  screenshotOnFailure(() => page, 'notifications-page');
  await page.goto('/login');
  await loginThroughForm(page, MEMBER, DEMO_MEMBER.password);
  await page.getByTestId('welcome-username').waitFor();

  const bell = page.getByTestId('notification-bell');
  expect(await page.getByTestId('notification-count').textContent()).toBe('23');
  expect(await bell.getAttribute('aria-label')).toBe('Notifications, 23 unread');
  await screenshot(page, 'notifications-bell-count');
  await bell.click();
  await page.waitForURL('**/notifications');

  await expect.poll(() => items(page).count()).toBe(20);
  const first = items(page).first();
  expect(await first.textContent()).toContain('Notice number 23');
  expect(await first.locator('br').count()).toBe(1);
  expect(await first.getAttribute('data-read')).toBe('false');
  expect(await first.getByTestId('notification-unread').textContent()).toBe('Unread');
  const iso = await first.getByTestId('notification-item-time').getAttribute('datetime');
  const local = await page.evaluate((value) => new Date(value).toLocaleString(), iso ?? '');
  expect(await first.getByTestId('notification-item-time').textContent()).toBe(local);
  expect(await page.getByTestId('notifications-unread').textContent()).toBe('23 unread');
  expect(await page.getByTestId('notifications-page').textContent()).toBe('Page 1 of 2');
  await screenshot(page, 'notifications-page');

  await page.getByRole('button', { name: 'Next' }).click();
  await expect.poll(() => page.getByTestId('notifications-page').textContent()).toBe('Page 2 of 2');
  await expect.poll(() => items(page).count()).toBe(3);
  expect(await items(page).last().textContent()).toContain('Notice number 1');
  // Keyboard: the previous-page button is reachable and works with Enter.
  await page.getByRole('button', { name: 'Previous' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => page.getByTestId('notifications-page').textContent()).toBe('Page 1 of 2');

  await first.getByRole('button', { name: 'Mark as read' }).click();
  await expect.poll(() => first.getAttribute('data-read')).toBe('true');
  await expect.poll(() => page.getByTestId('notification-count').textContent()).toBe('22');
  await page.getByRole('status').filter({ hasText: 'Notification marked as read' }).waitFor();

  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect.poll(() => page.getByTestId('notifications-unread').textContent()).toBe('Nothing unread');
  await page.getByTestId('notification-count').waitFor({ state: 'detached' });
  expect(await page.locator('[data-testid="notification-item"][data-read="false"]').count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Mark all as read' }).isDisabled()).toBe(true);
  await screenshot(page, 'notifications-all-read');

  await bell.click();
  await page.getByText('No New Notifications!').waitFor();
  expect(page.url()).toContain('/notifications');
  const token = await api.login(MEMBER, DEMO_MEMBER.password);
  expect((await api.call('notifications', { token })).data).toMatchObject({ unread: 0, pages: 2 });
  expect(pageErrors).toEqual([]);
});
