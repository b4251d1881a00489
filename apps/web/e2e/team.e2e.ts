import type { Page } from 'playwright-core';
import { afterAll, expect, test } from 'vitest';
import { DESKTOP, loginThroughForm, openPage, PHONE, screenshot, screenshotOnFailure, type OpenPage } from './support/browser.ts';
import { useE2EContext } from './support/context.ts';
import { DEMO_MEMBER } from './support/server.ts';

/**
 * The team screens: /share (affiliate link with its copy toast, Team Power counts) and /my-team/level-N (summary
 * cards, debounced server search, status filter, paging, the two empty texts, level 1 without Upline, masked phones
 * on levels 2 and 3), on a desktop and a phone. The demo team is topped up with 60 recruits of demo_sponsor, so
 * level 1 has 62 members: two pages of 50.
 */
const e2e = useE2EContext();
const opened: OpenPage[] = [];
const RECRUITS = 60;
/** Every third recruit is active: 20 of them, plus demo_l1 from the demo seed. */
const ACTIVE_L1 = 21;
const L1_TOTAL = RECRUITS + 2;

async function open(viewport: { width: number; height: number }, name: string): Promise<OpenPage> {
  const next = await openPage(e2e.browser, e2e.server.baseUrl, viewport);
  opened.push(next);
  screenshotOnFailure(() => next.page, name);
  return next;
}

async function seedRecruits(): Promise<void> {
  const pool = e2e.server.app.deps.pool;
  await pool.query(
    `INSERT INTO members (username, email, phone, password_hash, country_id, l1_id, l2_id, l3_id, status, joined_at, activated_at)
     SELECT CASE WHEN g = 7 THEN 'zawadi_star' ELSE 'team_e2e_' || lpad(g::text, 2, '0') END,
            'team_e2e_' || g || '@example.com', '+2547100000' || lpad(g::text, 2, '0'), s.password_hash, s.country_id, s.id, s.l1_id, s.l2_id,
            CASE WHEN g % 3 = 0 THEN 'active' ELSE 'inactive' END,
            now() - interval '10 days' + g * interval '1 hour',
            CASE WHEN g % 3 = 0 THEN now() END
     FROM generate_series(1, ${RECRUITS}) g, members s WHERE s.username = $1`,
    [DEMO_MEMBER.username],
  );
}

const rows = (page: Page) => page.getByTestId('team-member-row');

async function waitForRowCount(page: Page, count: number): Promise<void> {
  await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBe(count);
}

test('share: affiliate link copies with its toast; Team Power counts each level and opens it', async () => {
  await seedRecruits();
  const { page, pageErrors } = await open(DESKTOP, 'team-share');
  await page.goto('/');
  await loginThroughForm(page, DEMO_MEMBER.username, DEMO_MEMBER.password);
  await page.getByTestId('welcome-username').waitFor();
  await page.locator('nav[data-slot="sidebar"]').getByRole('link', { name: 'Share' }).click();
  await page.waitForURL('**/share');

  // Without a public_site_url setting the link starts with the app's own public address.
  const expected = `${e2e.server.app.deps.publicUrl()}/reg/${DEMO_MEMBER.username}`;
  const link = page.getByLabel('Your affiliate link');
  await expect.poll(() => link.inputValue()).toBe(expected);
  await page.getByRole('button', { name: 'Copy link' }).click();
  await page.getByText('Link copied to clipboard!').waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected);

  const level1 = page.getByTestId('team-power-level-1');
  await level1.waitFor();
  expect((await level1.locator('td').allInnerTexts()).map((text) => text.trim())).toEqual([
    'Level 1',
    String(L1_TOTAL),
    String(ACTIVE_L1),
    String(L1_TOTAL - ACTIVE_L1),
  ]);
  expect((await page.getByTestId('team-power-level-2').locator('td').allInnerTexts()).map((text) => text.trim())).toEqual([
    'Level 2',
    '1',
    '1',
    '0',
  ]);
  expect((await page.getByTestId('team-power-level-3').locator('td').allInnerTexts()).map((text) => text.trim())).toEqual([
    'Level 3',
    '1',
    '0',
    '1',
  ]);
  const teamPower = page.locator('table', { has: page.getByTestId('team-power-level-1') });
  expect(await teamPower.getByRole('columnheader').allInnerTexts()).toEqual(['LEVEL', 'TOTAL', 'ACTIVE', 'DORMANT']);
  await screenshot(page, 'team-share');

  await level1.getByRole('link', { name: 'Level 1' }).click();
  await page.waitForURL('**/my-team/level-1');
  await waitForRowCount(page, 50);
  expect(pageErrors).toEqual([]);
});

test('my team level 1: summary, paging, debounced search, status filter and empty texts', async () => {
  const { page, pageErrors } = await open(DESKTOP, 'team-level-1');
  await page.goto('/');
  await loginThroughForm(page, DEMO_MEMBER.username, DEMO_MEMBER.password);
  await page.getByTestId('welcome-username').waitFor();
  await page.goto('/my-team/level-1');

  await waitForRowCount(page, 50);
  await expect.poll(() => page.getByTestId('team-summary-total').innerText()).toContain(String(L1_TOTAL));
  expect(await page.getByTestId('team-summary-active').innerText()).toContain(String(ACTIVE_L1));
  expect(await page.getByTestId('team-summary-inactive').innerText()).toContain(String(L1_TOTAL - ACTIVE_L1));
  // demo_l1 activated through the seed: the sponsor earned Kenya's level-1 commission from them.
  expect(await page.getByTestId('team-summary-earned').innerText()).toContain('KES 250.00');
  const headers = await page.getByRole('columnheader').allInnerTexts();
  expect(headers).toEqual(['NAME', 'PHONE', 'STATUS', 'COUNTRY', 'EARNED', 'DEPOSITED', 'JOINED']);
  // Newest first: the last recruit is on page 1 with their full phone number; the first recruit is on page 2.
  expect(
    await rows(page)
      .filter({ hasText: `team_e2e_${RECRUITS}` })
      .innerText(),
  ).toContain(`+2547100000${RECRUITS}`);
  expect(await rows(page).filter({ hasText: 'team_e2e_01' }).count()).toBe(0);
  await expect.poll(() => page.getByTestId('team-page-status').innerText()).toBe('Page 1 of 2');
  await screenshot(page, 'team-level-1-page-1');

  await page.getByRole('button', { name: 'Next' }).click();
  await expect.poll(() => page.getByTestId('team-page-status').innerText()).toBe('Page 2 of 2');
  await waitForRowCount(page, L1_TOTAL - 50);
  expect(await rows(page).filter({ hasText: 'team_e2e_01' }).count()).toBe(1);
  expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
  await screenshot(page, 'team-level-1-page-2');

  // The search box is labelled and reached by keyboard; typing is debounced into one server search, back on page 1.
  const search = page.getByLabel('Search members');
  await search.focus();
  await page.keyboard.type('ZAWADI');
  await waitForRowCount(page, 1);
  expect(await rows(page).first().innerText()).toContain('zawadi_star');
  expect(await page.getByTestId('team-page-status').count()).toBe(0);
  // The summary still describes the whole level.
  expect(await page.getByTestId('team-summary-total').innerText()).toContain(String(L1_TOTAL));
  await screenshot(page, 'team-level-1-search');

  await search.fill('nobody-here');
  await page.getByText('No team members found').waitFor();
  await search.fill('');
  await waitForRowCount(page, 50);

  const status = page.getByLabel('Status');
  expect(await status.locator('option').allInnerTexts()).toEqual(['All Members', 'Active', 'Dormant']);
  await status.selectOption('active');
  await waitForRowCount(page, ACTIVE_L1);
  expect(new Set(await page.locator('[data-testid="team-member-row"] td:nth-child(3)').allInnerTexts())).toEqual(
    new Set(['Active']),
  );
  await screenshot(page, 'team-level-1-active');
  await status.selectOption('dormant');
  await waitForRowCount(page, L1_TOTAL - ACTIVE_L1);
  expect(new Set(await page.locator('[data-testid="team-member-row"] td:nth-child(3)').allInnerTexts())).toEqual(
    new Set(['Dormant']),
  );
  // Search and filter together: dormant recruits whose joined text or name has "team_e2e_0" (1-9 but not 3, 6, 9 or 7).
  await search.fill('team_e2e_0');
  await waitForRowCount(page, 5);
  await screenshot(page, 'team-level-1-dormant-search');
  expect(pageErrors).toEqual([]);
});

test('my team levels 2 and 3: Upline column and masked phones; an empty level says so; a phone scrolls the table', async () => {
  const { page, pageErrors } = await open(PHONE, 'team-levels-phone');
  await page.goto('/');
  await loginThroughForm(page, DEMO_MEMBER.username, DEMO_MEMBER.password);
  await page.getByTestId('welcome-username').waitFor();
  await page.goto('/my-team/level-2');
  await waitForRowCount(page, 1);
  expect(await page.getByRole('columnheader').allInnerTexts()).toContain('UPLINE');
  const row = await rows(page).first().innerText();
  expect(row).toContain('demo_l2');
  expect(row).toContain('demo_l1'); // their upline
  expect(row).toContain('**********103');
  expect(row).not.toContain('+254700000103');
  await screenshot(page, 'team-level-2-phone');

  await page.goto('/my-team/level-3');
  await waitForRowCount(page, 1);
  expect(await rows(page).first().innerText()).toContain('Dormant');

  // demo_l1's team stops at level 2: their level 3 is empty.
  const other = await open(DESKTOP, 'team-empty');
  await other.page.goto('/');
  await loginThroughForm(other.page, 'demo_l1', DEMO_MEMBER.password);
  await other.page.getByTestId('welcome-username').waitFor();
  await other.page.goto('/my-team/level-3');
  await other.page.getByText('No team data available').waitFor();
  expect(await other.page.getByTestId('team-summary-total').innerText()).toContain('0');
  await screenshot(other.page, 'team-level-3-empty');
  expect([...pageErrors, ...other.pageErrors]).toEqual([]);
});

afterAll(async () => {
  await Promise.all(opened.map((entry) => entry.context.close()));
});
