import { randomUUID } from 'node:crypto';
import { formatMinorGrouped } from '@tuzo/contracts';
import type { Locator, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { DESKTOP, loginThroughForm, openPage, PHONE, screenshot, screenshotOnFailure, type OpenPage } from './support/browser.ts';
import { apiHelpers } from './support/api.ts';
import { useE2EContext } from './support/context.ts';
import { ADMIN_PASSWORD, ADMIN_USERNAME, DEMO_MEMBER } from './support/server.ts';
import { enrolStaff, loginStaffThroughForm, type EnrolledStaff } from './support/staff.ts';

/**
 * Payouts end to end (issue 14): Kenya pays approved withdrawals by M-Pesa B2C, here the provider simulator started
 * with the test server. A member withdraws, an operator approves it on the money desk, the simulator pays and posts
 * its Result, and the member's history shows Completed with the M-Pesa receipt; the operator sees the paid payout
 * and its exchanges on /admin/payouts. A member whose phone is the simulator's "receiver not registered" phone
 * (2547000000 40, decision 031) is refused by M-Pesa: the payout fails, the hold goes back to Jumbo, and the
 * member reads why in their history.
 */
const FAILING_MEMBER = { username: 'demo_l1', password: 'demo1234', phone: '+254700000040' } as const;
const TOP_UP = '1000.00';
/** Kenya's seed: 200-999 are charged 30.00 on the Jumbo wallet. */
const WITHDRAWAL = { amount: '300', amountMinor: 30_000n, chargeMinor: 3_000n } as const;

const e2e = useE2EContext();
const api = apiHelpers(() => e2e.server.baseUrl);
const opened: OpenPage[] = [];
const kes = (minor: bigint): string => `KES ${formatMinorGrouped(minor)}`;

async function open(viewport: { width: number; height: number }, name: string): Promise<Page> {
  const next = await openPage(e2e.browser, e2e.server.baseUrl, viewport);
  opened.push(next);
  screenshotOnFailure(() => next.page, name);
  return next.page;
}

let operator: EnrolledStaff | undefined;
/** The operator, enrolled for two-factor sign-in once per file (its API session keeps working). */
async function operatorAccount(): Promise<EnrolledStaff> {
  operator ??= await enrolStaff(api, ADMIN_USERNAME, ADMIN_PASSWORD);
  return operator;
}

async function topUpJumbo(username: string): Promise<void> {
  const { token } = await operatorAccount();
  const adjusted = await api.call('adminadjust', {
    token,
    method: 'POST',
    payload: { username, wallet: 'balance', amount: TOP_UP, reason: 'e2e: fund a withdrawal paid by M-Pesa' },
    idempotencyKey: randomUUID(),
  });
  expect(adjusted.resultcode, adjusted.msg).toBe(true);
}

/** The member asks for a Jumbo withdrawal through the form. */
async function withdrawThroughForm(page: Page): Promise<void> {
  await page.goto('/withdraw');
  const notice = page.getByTestId('withdraw-notice');
  await notice.waitFor();
  await notice.getByRole('button', { name: 'Dismiss notice' }).click();
  await page.getByLabel('Account', { exact: true }).selectOption('1');
  await page.getByLabel('Amount (KES)').fill(WITHDRAWAL.amount);
  expect(await page.getByTestId('withdraw-charge').textContent()).toBe(kes(WITHDRAWAL.chargeMinor));
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  await page.getByText('Withdrawal request received. It will be processed shortly.').first().waitFor();
}

/** The operator approves the member's pending withdrawal on the money desk and confirms. */
async function approveOnMoneyDesk(page: Page, username: string): Promise<void> {
  await page.goto('/admin/money');
  await page.getByRole('button', { name: `Approve ${username} ${WITHDRAWAL.amount}.00` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('Approve withdrawal?').waitFor();
  // The dialog says that approving sends the money through the country's provider.
  await dialog.getByText(/sent to this phone now/).waitFor();
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
  // The provider acknowledged it; its Result comes a moment later.
  await page.getByText('Withdrawal approved: the payout is on its way by M-Pesa B2C').first().waitFor();
  await dialog.waitFor({ state: 'detached' });
}

/** Presses Refresh until `row` says `text`: the provider's Result arrives a moment after the approval. */
async function refreshUntil(page: Page, row: Locator, text: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByRole('button', { name: 'Refresh' }).and(page.locator(':not([disabled])')).waitFor();
    if ((await row.textContent())?.includes(text)) return;
    if (Date.now() > deadline) throw new Error(`The withdrawal never showed ${text}: ${await row.textContent()}`);
    await page.waitForTimeout(250);
  }
}

async function signInOperator(page: Page): Promise<void> {
  const staff = await operatorAccount();
  await page.goto('/login');
  await loginStaffThroughForm(page, { username: ADMIN_USERNAME, password: ADMIN_PASSWORD, secret: staff.secret });
  await page.waitForURL('**/admin');
}

test('a member withdraws, an operator approves, M-Pesa pays and the member sees Completed with the receipt', async () => {
  await topUpJumbo(DEMO_MEMBER.username);
  const memberToken = await api.login(DEMO_MEMBER.username, DEMO_MEMBER.password);
  const funded = await api.walletMinor(memberToken, 'balance');

  // 1. The member asks for KES 300 from Jumbo: amount and charge are held.
  const member = await open(DESKTOP, 'payouts-paid-member');
  await member.goto('/login');
  await loginThroughForm(member, DEMO_MEMBER.username, DEMO_MEMBER.password);
  await member.getByTestId('welcome-username').waitFor();
  await withdrawThroughForm(member);
  const held = funded - WITHDRAWAL.amountMinor - WITHDRAWAL.chargeMinor;
  expect(await api.walletMinor(memberToken, 'balance')).toBe(held);

  // 2. The operator approves it; Kenya is paid by M-Pesa B2C, so the payout goes to the simulator now.
  const desk = await open(DESKTOP, 'payouts-paid-operator');
  await signInOperator(desk);
  await approveOnMoneyDesk(desk, DEMO_MEMBER.username);

  // 3. The member's history: Completed, with the receipt M-Pesa gave; Jumbo keeps what was left.
  await member.goto('/withdrawal-history');
  const row = member.getByTestId('withdrawal-row').first();
  await row.waitFor();
  await refreshUntil(member, row, 'Completed');
  const receipt = (await row.getByTestId('withdrawal-receipt').textContent())?.replace(/^Receipt\s*/, '').trim() ?? '';
  // The simulator's receipts look like M-Pesa's: ten capitals and digits.
  expect(receipt).toMatch(/^[A-Z0-9]{10}$/);
  expect(await row.textContent()).toContain('300.00');
  await screenshot(member, 'payouts-2-history-receipt-desktop');
  expect(await api.walletMinor(memberToken, 'balance')).toBe(held);

  for (const each of opened) expect(each.pageErrors).toEqual([]);
});

test('a payout M-Pesa refuses fails, the hold comes back to Jumbo and the member reads why', async () => {
  const { token } = await operatorAccount();
  // The simulator's "receiver not registered" phone (ResultCode 2040).
  const changed = await api.call('adminupdatemember', {
    token,
    method: 'POST',
    payload: { username: FAILING_MEMBER.username, phone: FAILING_MEMBER.phone, reason: 'e2e: a phone M-Pesa refuses' },
  });
  expect(changed.resultcode, changed.msg).toBe(true);
  await topUpJumbo(FAILING_MEMBER.username);
  const memberToken = await api.login(FAILING_MEMBER.username, FAILING_MEMBER.password);
  const funded = await api.walletMinor(memberToken, 'balance');

  // 1. The member withdraws on a phone.
  const member = await open(PHONE, 'payouts-failed-member');
  await member.goto('/login');
  await loginThroughForm(member, FAILING_MEMBER.username, FAILING_MEMBER.password);
  await member.getByTestId('welcome-username').waitFor();
  await withdrawThroughForm(member);
  expect(await api.walletMinor(memberToken, 'balance')).toBe(funded - WITHDRAWAL.amountMinor - WITHDRAWAL.chargeMinor);

  // 2. The operator approves; M-Pesa answers that the receiver is not registered.
  const desk = await open(DESKTOP, 'payouts-failed-operator');
  await signInOperator(desk);
  await approveOnMoneyDesk(desk, FAILING_MEMBER.username);

  // 3. The member's history shows Declined with the reason in plain words; the amount and the charge are back.
  await member.goto('/withdrawal-history');
  const row = member.getByTestId('withdrawal-row').first();
  await row.waitFor();
  await refreshUntil(member, row, 'Declined');
  const reason = (await row.getByTestId('withdrawal-reason').textContent())?.trim() ?? '';
  expect(reason.length).toBeGreaterThan(10);
  expect(reason).toMatch(/M-Pesa/i);
  expect(await row.getByTestId('withdrawal-receipt').count()).toBe(0);
  await screenshot(member, 'payouts-3-history-reason-phone');
  expect(await api.walletMinor(memberToken, 'balance')).toBe(funded);
  await member.goto('/dashboard');
  await member.getByTestId('welcome-username').waitFor();
  expect(await member.getByTestId('wallet-balance').textContent()).toContain(kes(funded));

  for (const each of opened) expect(each.pageErrors).toEqual([]);
});
