import fs from 'node:fs';
import { parseAmountToMinor } from '@tuzo/contracts';
import type { Page } from 'playwright-core';
import { afterAll, expect, test } from 'vitest';
import { apiHelpers } from './support/api.ts';
import {
  DESKTOP,
  expectRefusal,
  loginThroughForm,
  openPage,
  screenshot,
  screenshotOnFailure,
  type OpenPage,
} from './support/browser.ts';
import { useE2EContext } from './support/context.ts';
import { ADMIN_PASSWORD, ADMIN_USERNAME, DEMO_MEMBER } from './support/server.ts';
import { enrolStaff, loginStaffThroughForm } from './support/staff.ts';

/**
 * A member's own data (decision 040): from the profile, download my data (JSON and CSV) and open the printable
 * statement, whose closing balance is the wallet's; ask to close an account that holds money (refused with the
 * reason) and one that holds none (the request shows its days left, and the operator sees it on Closures).
 */
const e2e = useE2EContext();
const api = apiHelpers(() => e2e.server.baseUrl);
const EMPTY_MEMBER = 'closing_e2e_member';
const opened: OpenPage[] = [];
afterAll(async () => Promise.all(opened.map((one) => one.context.close().catch(() => undefined))));

async function open(name: string): Promise<OpenPage> {
  const next = await openPage(e2e.browser, e2e.server.baseUrl, DESKTOP);
  opened.push(next);
  screenshotOnFailure(() => next.page, name);
  return next;
}

async function signIn(page: Page, username: string): Promise<void> {
  await page.goto('/login');
  await loginThroughForm(page, username, DEMO_MEMBER.password);
  await page.getByTestId('welcome-username').waitFor();
}

/**
 * From the profile's entry to /my-data. The profile's entry card has the same title as the page, and the profile has a
 * "Your password" field too (the USSD PIN card): until the page's chunk has loaded, the profile is still on screen, so
 * the wait is for the page's own level-1 heading.
 */
async function openMyData(page: Page): Promise<void> {
  await page.goto('/profile');
  await page.getByRole('link', { name: 'Open' }).click();
  await page.waitForURL('**/my-data');
  await page.getByRole('main').getByRole('heading', { level: 1, name: 'Your data and account' }).waitFor();
}

/** Types the password into the close form (the page has other "Your password" fields: phone and email changes). */
async function fillClosePassword(page: Page): Promise<void> {
  await page.getByRole('form', { name: 'Close my account' }).getByLabel('Your password').fill(DEMO_MEMBER.password);
}

test('downloads my data as JSON and CSV, and prints a statement whose closing balance is the wallet', async () => {
  const { page, pageErrors } = await open('my-data-download');
  await signIn(page, DEMO_MEMBER.username);
  await openMyData(page);

  const [json] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download JSON' }).click()]);
  expect(json.suggestedFilename()).toMatch(/^tuzo-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(fs.readFileSync(await json.path(), 'utf8')) as {
    sections: Record<string, Array<Record<string, string>>>;
  };
  expect(data.sections.profile?.[0]?.username).toBe(DEMO_MEMBER.username);
  expect(data.sections.ledger?.length).toBeGreaterThan(0);
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).first().click(),
  ]);
  expect(csv.suggestedFilename()).toMatch(/^tuzo-my-data-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = fs.readFileSync(await csv.path(), 'utf8').split('\r\n');
  expect(lines[0]).toBe('section,row,field,value');
  expect(lines).toContain(`profile,1,username,${DEMO_MEMBER.username}`);
  await screenshot(page, 'my-data-page');

  // The statement from the first day of this month to today, opened as the printable page.
  await page.getByRole('button', { name: 'View and print' }).click();
  await page.waitForURL('**/statement?**');
  const deposit = page.getByTestId('statement-deposit');
  await deposit.waitFor();
  const token = await api.login(DEMO_MEMBER.username, DEMO_MEMBER.password);
  const closing = parseAmountToMinor(((await deposit.getByTestId('statement-closing').textContent()) ?? '').replace(/,/g, ''));
  expect(closing).toBe(await api.walletMinor(token, 'deposit'));
  expect(closing).toBeGreaterThan(0n);
  await screenshot(page, 'statement-page');
  // Printed, the statement stands alone: the app's header and the Print button are hidden.
  await page.emulateMedia({ media: 'print' });
  expect(await page.locator('header').first().isVisible()).toBe(false);
  expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
  expect(await deposit.isVisible()).toBe(true);
  await screenshot(page, 'statement-print');
  expect(pageErrors).toEqual([]);
});

test('closing: refused while money is held; without money the request waits 7 days and the operator sees it', async () => {
  // 1. The demo member holds money: the request is refused with what to do.
  const holder = await open('my-data-close-refused');
  await signIn(holder.page, DEMO_MEMBER.username);
  await openMyData(holder.page);
  expectRefusal(holder.page, { action: 'closeaccount', status: 409 });
  await fillClosePassword(holder.page);
  await holder.page.getByRole('button', { name: 'Ask to close my account' }).click();
  await holder.page.getByText(/Withdraw your balances first, then ask again\./).waitFor();
  expect(await holder.page.getByTestId('closure-status').count()).toBe(0);

  // 2. An active member with empty wallets asks: the request shows 7 days left.
  await e2e.server.app.deps.pool.query(
    `INSERT INTO members (username, email, phone, password_hash, country_id, status, activated_at)
     SELECT $2, $2 || '@example.com', '+254711999000', s.password_hash, s.country_id, 'active', now() - interval '3 days'
     FROM members s WHERE s.username = $1`,
    [DEMO_MEMBER.username, EMPTY_MEMBER],
  );
  const member = await open('my-data-close-requested');
  await signIn(member.page, EMPTY_MEMBER);
  await openMyData(member.page);
  await fillClosePassword(member.page);
  await member.page.getByRole('button', { name: 'Ask to close my account' }).click();
  const status = member.page.getByTestId('closure-status');
  await status.waitFor();
  expect(await status.textContent()).toBe('You asked to close your account. It closes in 7 days unless you cancel.');
  await screenshot(member.page, 'my-data-close-requested');

  // 3. The operator's Closures page lists it with its days left.
  const operator = await enrolStaff(api, ADMIN_USERNAME, ADMIN_PASSWORD);
  const desk = await open('my-data-closures-console');
  await desk.page.goto('/login');
  await loginStaffThroughForm(desk.page, { username: ADMIN_USERNAME, password: ADMIN_PASSWORD, secret: operator.secret });
  await desk.page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await desk.page.getByRole('navigation', { name: 'Operator console' }).getByRole('link', { name: 'Closures' }).click();
  const row = desk.page.getByTestId('closure-requested-row').filter({ hasText: EMPTY_MEMBER });
  await row.waitFor();
  expect(await row.getByTestId('closure-days-left').textContent()).toMatch(/^in 7 days/);
  await screenshot(desk.page, 'closures-console');
  for (const one of [holder, member, desk]) expect(one.pageErrors).toEqual([]);
});
