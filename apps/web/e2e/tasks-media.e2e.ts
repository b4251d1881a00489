import { afterAll, expect, test } from 'vitest';
import { parseAmountToMinor } from '@tuzo/contracts';
import { apiHelpers } from './support/api.ts';
import { DESKTOP, loginThroughForm, openPage, screenshot, screenshotOnFailure, type OpenPage } from './support/browser.ts';
import { useE2EContext } from './support/context.ts';
import { DEMO_MEMBER } from './support/server.ts';

/**
 * Video and ad tasks with the demo content the app seeds: a member activated today (every task is open on the
 * activation day, whatever the weekday) plays a hosted video for 5 s and the YouTube wallet grows by its price;
 * likes one ad and comments on another; opens the timetable.
 */
const e2e = useE2EContext();
const api = apiHelpers(() => e2e.server.baseUrl);
const opened: OpenPage[] = [];
const MEMBER = 'tasks_e2e_member';
afterAll(async () => {
  for (const { context } of opened) await context.close().catch(() => undefined);
});

async function seedMember(): Promise<void> {
  await e2e.server.app.deps.pool.query(
    `INSERT INTO members (username, email, phone, password_hash, country_id, status, activated_at)
     SELECT $2, $2 || '@example.com', '+254711999777', s.password_hash, s.country_id, 'active', now()
     FROM members s WHERE s.username = $1`,
    [DEMO_MEMBER.username, MEMBER],
  );
}

test('a member watches a hosted video for 5 s and is paid, likes and comments on ads, and opens the timetable', async () => {
  await seedMember();
  const token = await api.login(MEMBER, DEMO_MEMBER.password);
  const session = await openPage(e2e.browser, e2e.server.baseUrl, DESKTOP);
  opened.push(session);
  const { page, pageErrors } = session;
  screenshotOnFailure(() => page, 'tasks-media');
  await page.goto('/login');
  await loginThroughForm(page, MEMBER, DEMO_MEMBER.password);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));

  // YouTube: notice, then the list; play the first video (muted, as a browser allows without a gesture).
  await page.goto('/youtube');
  await page.getByRole('button', { name: 'View Available Videos' }).click();
  const card = page.getByTestId('video-1');
  const price = (await card.locator('span.font-semibold').innerText()).split(' ').pop() ?? '';
  const priceMinor = parseAmountToMinor(price);
  expect(priceMinor).not.toBeNull();
  const before = await api.walletMinor(token, 'youtube');
  await card.locator('video').evaluate((video: HTMLVideoElement) => {
    video.muted = true;
    void video.play();
  });
  await card.getByText('Paid', { exact: true }).waitFor({ timeout: 20_000 });
  expect(await api.walletMinor(token, 'youtube')).toBe(before + (priceMinor ?? 0n));
  await screenshot(page, 'tasks-youtube-paid');

  // Ads: like the first, comment on the second (a blank comment is refused first).
  await page.goto('/ads-promotion');
  await page.getByRole('button', { name: 'View Available Ads' }).click();
  const first = page.getByTestId('ad-1');
  await first.getByRole('button', { name: 'Like' }).click();
  await page.getByText('Liked ad').first().waitFor();
  await first.getByRole('button', { name: 'Liked' }).waitFor();
  const second = page.getByTestId('ad-2');
  await second.getByRole('button', { name: 'Comment' }).click();
  await second.getByRole('button', { name: 'Submit' }).click();
  await second.getByText('Please enter a comment').waitFor();
  await second.getByLabel('Your comment').fill('Bright and clear, I want one.');
  await second.getByRole('button', { name: 'Submit' }).click();
  await page.getByText('Comment submitted').first().waitFor();
  await second.getByTestId('ad-comment').getByText('Bright and clear, I want one.').waitFor();
  expect(await second.getByRole('button', { name: 'Comment' }).count()).toBe(0);
  const ads = await api.call<{ balances: Record<string, string> }>('userdata', { token });
  expect(ads.data.balances.ads).toBe('5.00');
  await screenshot(page, 'tasks-ads');

  // Timetable: the server's rows, then the fixed rows.
  await page.goto('/tasks');
  const table = page.getByRole('table');
  await table.getByText('YouTube Promotion').waitFor();
  await table.getByRole('cell', { name: 'Daily Bonuses' }).waitFor();
  await table.getByText('Once after joining').first().waitFor();
  await screenshot(page, 'tasks-timetable');
  expect(pageErrors).toEqual([]);
});
