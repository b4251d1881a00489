import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { PHONE, screenshot } from './support/browser.ts';
import { apiHelpers } from './support/api.ts';
import { useE2EContext } from './support/context.ts';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from './support/server.ts';
import { enrolStaff, signInStaff, type EnrolledStaff } from './support/staff.ts';

/**
 * The operator console end to end: the operator finds a member by a part of their username, opens their page,
 * credits their Jumbo wallet with a reason (a ledger entry), suspends them (their session ends at once) and lifts
 * the suspension, then exports the member list as CSV; the console on a phone. Screenshots at each step.
 */
const MEMBER = { username: 'demo_l1', password: 'demo1234' } as const;

const e2e = useE2EContext();
const api = apiHelpers(() => e2e.server.baseUrl);
/** The operator's sign-in through the form; the one place to change when staff sign-in gains a second step. */
let admin: EnrolledStaff | undefined;

async function signInOperator(page: Page) {
  // Staff actions need two-factor sign-in: the operator enrols once (through the API), then signs in with a code.
  admin ??= await enrolStaff(api, ADMIN_USERNAME, ADMIN_PASSWORD);
  await signInStaff(page, { username: ADMIN_USERNAME, password: ADMIN_PASSWORD, secret: admin.secret });
}

test('operator finds a member, adjusts a wallet, suspends and unsuspends, exports members as CSV', async () => {
  let memberToken = await api.login(MEMBER.username, MEMBER.password);
  const balanceBefore = await api.walletMinor(memberToken, 'balance');

  // 1. Members: search by part of the username.
  const page = await e2e.open('console-desktop');
  await signInOperator(page);
  await page.goto('/admin/members');
  await page.getByRole('navigation', { name: 'Operator console' }).getByRole('link', { name: 'Members' }).waitFor();
  await page.getByLabel('Username, phone or email').fill('demo_l');
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.locator('[data-testid="member-row"][data-username="demo_l1"]');
  await row.waitFor();
  await screenshot(page, 'console-1-members-desktop');
  await row.getByRole('link', { name: 'demo_l1' }).click();
  await page.getByRole('heading', { name: 'demo_l1' }).waitFor();
  await page.getByTestId('session-row').first().waitFor();
  await screenshot(page, 'console-2-member-desktop');

  // 2. Adjust the Jumbo wallet by a ledger entry with a reason.
  const jumbo = page.getByTestId('wallet-balance');
  const shownBefore = await jumbo.textContent();
  await page.getByRole('toolbar', { name: 'Member actions' }).getByRole('button', { name: 'Adjust wallet' }).click();
  const adjust = page.getByRole('dialog');
  await adjust.getByLabel('Wallet').selectOption('balance');
  await adjust.getByLabel(/^Amount/).fill('12.34');
  await adjust.getByLabel(/^Reason/).fill('E2E goodwill credit, ticket 42');
  await screenshot(page, 'console-3-adjust-dialog-desktop');
  await adjust.getByRole('button', { name: 'Adjust wallet' }).click();
  await page.getByText('Wallet adjusted').first().waitFor();
  await adjust.waitFor({ state: 'detached' });
  await page.waitForFunction(
    (before) => document.querySelector('[data-testid="wallet-balance"]')?.textContent !== before,
    shownBefore,
  );
  expect(await api.walletMinor(memberToken, 'balance')).toBe(balanceBefore + 1_234n);

  // 3. Suspend: the member's session ends at once; unsuspend: they can sign in again.
  await page.getByRole('toolbar', { name: 'Member actions' }).getByRole('button', { name: 'Suspend' }).click();
  const suspend = page.getByRole('dialog');
  await suspend.getByLabel(/^Reason/).fill('E2E check');
  await suspend.getByRole('button', { name: 'Suspend' }).click();
  await page.getByTestId('member-status').getByText('Suspended').waitFor();
  await screenshot(page, 'console-4-suspended-desktop');
  expect((await api.call('userdata', { token: memberToken })).status).toBe(401);
  await page.getByRole('toolbar', { name: 'Member actions' }).getByRole('button', { name: 'Unsuspend' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Unsuspend' }).click();
  await page.getByTestId('member-status').getByText('Active').waitFor();
  memberToken = await api.login(MEMBER.username, MEMBER.password);
  expect((await api.call('userdata', { token: memberToken })).status).toBe(200);

  // 4. Export the members list (with the search) as CSV.
  await page.getByRole('link', { name: 'Members' }).first().click();
  await page.getByLabel('Username, phone or email').fill('demo_');
  await page.getByRole('button', { name: 'Search' }).click();
  await row.waitFor();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^tuzo-members-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync(await download.path(), 'utf8');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe('id,username,email,phone,country,status,joined_at,activated_at');
  expect(lines.some((line) => line.includes(',demo_l1,'))).toBe(true);
  expect(lines.every((line, index) => index === 0 || line.includes('demo_'))).toBe(true);

  // 5. The console on a phone: its own navigation, the money desk at /admin.
  const phone = await e2e.open('console-phone', PHONE);
  await signInOperator(phone);
  await phone.goto('/admin');
  await phone.getByRole('navigation', { name: 'Operator console' }).getByRole('link', { name: 'Money' }).waitFor();
  await phone.getByRole('heading', { name: 'Money' }).waitFor();
  await screenshot(phone, 'console-5-money-phone');
  await phone.getByRole('link', { name: 'Members' }).click();
  await phone.getByLabel('Username, phone or email').fill('demo_l1');
  await phone.getByRole('button', { name: 'Search' }).click();
  await phone.locator('[data-testid="member-row"][data-username="demo_l1"]').waitFor();
  await screenshot(phone, 'console-6-members-phone');

  for (const each of e2e.opened) expect(each.pageErrors).toEqual([]);
});
