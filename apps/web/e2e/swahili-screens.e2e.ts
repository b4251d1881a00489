import { afterAll, expect, test } from 'vitest';
import { DESKTOP, loginThroughForm, openPage, screenshot, screenshotOnFailure, type OpenPage } from './support/browser.ts';
import { useE2EContext } from './support/context.ts';
import { DEMO_MEMBER } from './support/server.ts';

/**
 * The screens issue 26's Swahili review corrected, in a browser, for a member whose language is Swahili: the bell's
 * count in the singular, an M-Pesa failure notification whose reason is Swahili too, "Ulijiunga" on the member's own
 * profile, "Pokea bonasi", the opt-out hint that points to the switch and *456*9*5#, "nambari ya simu" and "Lipia
 * Mteja".
 */
const e2e = useE2EContext();
const MEMBER = 'sw_screens_member';
let opened: OpenPage | undefined;
afterAll(async () => opened?.context.close().catch(() => undefined));

/** An active Swahili member (the demo member's password) with one unread, already delivered failure notification. */
async function seed(): Promise<void> {
  const pool = e2e.server.app.deps.pool;
  await pool.query(
    `INSERT INTO members (username, email, phone, password_hash, country_id, status, activated_at, language)
     SELECT $2, $2 || '@example.com', '+254711888123', s.password_hash, s.country_id, 'active', now() - interval '3 days', 'sw'
     FROM members s WHERE s.username = $1`,
    [DEMO_MEMBER.username, MEMBER],
  );
  await pool.query(
    `INSERT INTO member_notifications (member_id, msg, severity, created_at, delivered_at)
     SELECT id, 'Your M-Pesa payment of KES 100.00 did not go through: Cancelled on the phone (1032).', 'warning', now(), now()
     FROM members WHERE username = $1`,
    [MEMBER],
  );
}

test('the reviewed screens read in Swahili', async () => {
  await seed();
  opened = await openPage(e2e.browser, e2e.server.baseUrl, DESKTOP);
  const { page, pageErrors } = opened;
  screenshotOnFailure(() => page, 'swahili-screens');
  await page.goto('/login');
  await loginThroughForm(page, MEMBER, DEMO_MEMBER.password);
  await page.getByTestId('welcome-username').waitFor();
  await page.getByText('Sehemu Kuu', { exact: true }).waitFor();
  await expect.poll(() => page.getByTestId('notification-bell').getAttribute('aria-label')).toBe('Arifa, 1 haijasomwa');
  await page.getByText('Ulijiunga', { exact: true }).first().waitFor();

  await page.goto('/notifications');
  const item = page.getByTestId('notification-item').first();
  await item.getByText('Malipo yako ya M-Pesa ya KES 100.00 hayakufanikiwa: Ombi lilighairiwa kwenye simu (1032).').waitFor();

  await page.goto('/daily-bonuses');
  await page.getByRole('button', { name: 'Pokea bonasi' }).waitFor();
  await screenshot(page, 'swahili-screens-bonus');

  await page.goto('/profile');
  await page.getByText('Tarehe ya kuwezeshwa', { exact: true }).waitFor();
  await page.getByText('Mchana pekee. Zima hapa wakati wowote, au piga *456*9*5#.').waitFor();

  await page.goto('/my-data');
  await page.getByText('Rekebisha nambari yangu ya simu').waitFor();

  await page.goto('/pay-for-client');
  await page.getByRole('heading', { name: 'Lipia Mteja' }).first().waitFor();
  expect(pageErrors).toEqual([]);
});
