import { randomUUID } from 'node:crypto';
import { formatMinorGrouped, parseAmountToMinor } from '@tuzo/contracts';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { DESKTOP, loginThroughForm, openPage, PHONE, screenshot, screenshotOnFailure, type OpenPage } from './support/browser.ts';
import { apiHelpers } from './support/api.ts';
import { useE2EContext } from './support/context.ts';
import { ADMIN_PASSWORD, ADMIN_USERNAME, DEMO_MEMBER } from './support/server.ts';
import { enrolStaff, loginStaffThroughForm } from './support/staff.ts';

/**
 * The money flow end to end: a new member deposits the activation fee by M-Pesa STK push (the in-process
 * simulator confirms it), activates, and the sponsor earns the level-1 commission; the sponsor withdraws twice,
 * the operator approves one and declines the other, and the declined amount and fee come back to Jumbo. A YouTube
 * withdrawal below the Jumbo minimum is accepted and, declined, goes back to YouTube.
 */
const MEMBER = {
  username: 'money_member',
  email: 'money_member@example.com',
  phone: '711223344',
  password: 'secret123',
} as const;
/** Kenya's seed: activation fee 500, level-1 commission 250, minimum withdrawal 200, 200-999 charged 30. */
const ACTIVATION_FEE = '500.00';
const LEVEL1_COMMISSION_MINOR = 25_000n;
const STK_PHONE = '254712345678';
const FIRST = { amount: '300', chargeMinor: 3_000n, amountMinor: 30_000n } as const;
const SECOND = { amount: '250', chargeMinor: 3_000n, amountMinor: 25_000n } as const;
const TOP_UP = '500.00';
/**
 * The YouTube wallet, above the task-wallet unlock (1000.00): a withdrawal below min_with (200) is accepted, because
 * the minimum applies to Jumbo only (contracts minimumWithdrawalApplies), on the form and on the server alike.
 */
const YOUTUBE_TOP_UP = '1500.00';
const YOUTUBE = { amount: '100', amountMinor: 10_000n } as const;

const e2e = useE2EContext();
const opened: OpenPage[] = [];

const api = apiHelpers(() => e2e.server.baseUrl);
const callApi = api.call;
const apiLogin = api.login;
const jumboMinor = (token: string) => api.walletMinor(token, 'balance');

const kes = (minor: bigint): string => `KES ${formatMinorGrouped(minor)}`;

async function open(viewport: { width: number; height: number }, name: string): Promise<Page> {
  const next = await openPage(e2e.browser, e2e.server.baseUrl, viewport);
  opened.push(next);
  screenshotOnFailure(() => next.page, name);
  return next.page;
}

test('deposit by STK push, activate, withdraw twice, operator approves one and declines the other', async () => {
  const sponsorToken = await apiLogin(DEMO_MEMBER.username, DEMO_MEMBER.password);
  const sponsorStart = await jumboMinor(sponsorToken);

  // 1. A new member signs up through the sponsor's link on a phone and logs in: the activation page.
  const member = await open(PHONE, 'money-member');
  await member.goto('/reg/demo_sponsor');
  await member.getByTestId('sponsor-box').waitFor();
  await member.getByLabel('Username').fill(MEMBER.username);
  await member.getByText('Username is available').waitFor();
  await member.getByLabel('Email').fill(MEMBER.email);
  await member.getByLabel('Country').selectOption({ label: 'Kenya (+254)' });
  await member.getByLabel('Phone number').fill(MEMBER.phone);
  // The email and phone checks answer before the account exists (else a late check is refused with 409 on /login).
  await member.getByText('Email is available').waitFor();
  await member.getByText('Phone number is available').waitFor();
  await member.getByLabel('Password', { exact: true }).fill(MEMBER.password);
  await member.getByLabel('Confirm password').fill(MEMBER.password);
  await member.getByRole('button', { name: 'Sign Up' }).click();
  await member.getByText('Registration successful!').waitFor();
  await member.waitForURL('**/login');
  await loginThroughForm(member, MEMBER.username, MEMBER.password);
  await member.locator('[data-testid="activation-page"][data-view="deposit"]').waitFor();
  expect(await member.getByTestId('activation-fee').textContent()).toBe(`Activation Fee: KES ${ACTIVATION_FEE}`);
  await member.getByText('No deposit history found').waitFor();
  await screenshot(member, 'money-1-activation-phone');

  // 2. STK push for the activation fee; the simulator confirms it and the page follows Pending -> Completed.
  const phoneField = member.getByLabel('M-Pesa phone number');
  await phoneField.fill('');
  await member.getByRole('button', { name: `Pay KES ${ACTIVATION_FEE} with M-Pesa` }).click();
  await member.getByText('Please fill all fields').first().waitFor();
  await phoneField.fill(STK_PHONE);
  await member.getByRole('button', { name: `Pay KES ${ACTIVATION_FEE} with M-Pesa` }).click();
  await member.getByText('Payment request sent successfully!').waitFor();
  await screenshot(member, 'money-2-stk-sent-phone');
  await member.locator('[data-testid="activation-page"][data-view="activate"]').waitFor({ timeout: 60_000 });
  const depositRow = member.getByTestId('deposit-row').first();
  await depositRow.getByText('Completed').waitFor();
  expect(await depositRow.textContent()).toContain(ACTIVATION_FEE);
  await screenshot(member, 'money-3-deposit-complete-phone');

  // 3. Activate: the gate opens the member's dashboard; the sponsor earns the level-1 commission.
  await member.getByRole('button', { name: 'Activate My Account' }).click();
  await member.getByText('Account activated successfully! Welcome aboard!').waitFor();
  await member.getByTestId('welcome-username').waitFor();
  await screenshot(member, 'money-4-member-dashboard-phone');
  const sponsorEarned = await jumboMinor(sponsorToken);
  expect(sponsorEarned - sponsorStart).toBe(LEVEL1_COMMISSION_MINOR);

  // 4. The sponsor sees it on the dashboard (desktop); the operator tops Jumbo up for two withdrawals.
  const sponsor = await open(DESKTOP, 'money-sponsor');
  await sponsor.goto('/login');
  await loginThroughForm(sponsor, DEMO_MEMBER.username, DEMO_MEMBER.password);
  await sponsor.getByTestId('welcome-username').waitFor();
  expect(await sponsor.getByTestId('wallet-balance').textContent()).toContain(kes(sponsorEarned));
  // The operator turns on two-factor sign-in first (staff actions need it); its session keeps working.
  const admin = await enrolStaff(api, ADMIN_USERNAME, ADMIN_PASSWORD);
  const adminToken = admin.token;
  const adjusted = await callApi('adminadjust', {
    token: adminToken,
    method: 'POST',
    payload: { username: DEMO_MEMBER.username, wallet: 'balance', amount: TOP_UP, reason: 'e2e: fund two withdrawals' },
    idempotencyKey: randomUUID(),
  });
  expect(adjusted.resultcode, adjusted.msg).toBe(true);
  const youtubeAdjusted = await callApi('adminadjust', {
    token: adminToken,
    method: 'POST',
    payload: {
      username: DEMO_MEMBER.username,
      wallet: 'youtube',
      amount: YOUTUBE_TOP_UP,
      reason: 'e2e: fund a YouTube withdrawal',
    },
    idempotencyKey: randomUUID(),
  });
  expect(youtubeAdjusted.resultcode, youtubeAdjusted.msg).toBe(true);
  const youtubeFunded = parseAmountToMinor(YOUTUBE_TOP_UP) ?? 0n;
  const funded = sponsorEarned + (parseAmountToMinor(TOP_UP) ?? 0n);

  // 5. Withdraw Funds: the notice, the spec's messages, the live charge and total, two requests.
  await sponsor.goto('/withdraw');
  const notice = sponsor.getByTestId('withdraw-notice');
  await notice.waitFor();
  await screenshot(sponsor, 'money-5-withdraw-desktop');
  await notice.getByLabel("Don't remind me again").check();
  expect(await sponsor.evaluate(() => localStorage.getItem('hideWithdrawNotice'))).toBe('true');
  await notice.getByRole('button', { name: 'Dismiss notice' }).click();
  await notice.waitFor({ state: 'detached' });
  const submit = sponsor.getByRole('button', { name: 'Withdraw', exact: true });
  await submit.click();
  await sponsor.getByText('Please select an account').waitFor();
  await sponsor.getByText('Amount is required').waitFor();
  await sponsor.getByLabel('Account', { exact: true }).selectOption('1');
  expect(await sponsor.getByLabel('Account', { exact: true }).locator('option:checked').textContent()).toBe(
    `Jumbo (${kes(funded)})`,
  );
  const amount = sponsor.getByLabel('Amount (KES)');
  await amount.fill('12.345');
  await submit.click();
  await sponsor.getByText('Must be a valid number').waitFor();
  await amount.fill('100');
  await submit.click();
  await sponsor.getByText('Minimum withdrawal amount is KES 200.00').waitFor();
  await amount.fill('5000');
  await submit.click();
  await sponsor.getByText('Amount exceeds available balance please consider Withdrawal Charges').waitFor();

  for (const request of [FIRST, SECOND]) {
    await amount.fill(request.amount);
    expect(await sponsor.getByTestId('withdraw-charge').textContent()).toBe(kes(request.chargeMinor));
    expect(await sponsor.getByTestId('withdraw-total').textContent()).toBe(kes(request.amountMinor + request.chargeMinor));
    if (request === FIRST) await screenshot(sponsor, 'money-6-withdraw-charge-desktop');
    await submit.click();
    await sponsor.getByText('Withdrawal request received. It will be processed shortly.').first().waitFor();
    await sponsor.waitForFunction(() => (document.querySelector('#withdraw-amount') as HTMLInputElement | null)?.value === '');
  }
  // YouTube: no charge line, and an amount below the Jumbo minimum is no problem for the form or the server.
  await sponsor.getByLabel('Account', { exact: true }).selectOption('3');
  await amount.fill(YOUTUBE.amount);
  expect(await sponsor.getByTestId('withdraw-charge').count()).toBe(0);
  await submit.click();
  await sponsor.waitForFunction(() => (document.querySelector('#withdraw-amount') as HTMLInputElement | null)?.value === '');
  expect(await sponsor.getByText('Minimum withdrawal amount is', { exact: false }).count()).toBe(0);
  expect(await api.walletMinor(sponsorToken, 'youtube')).toBe(youtubeFunded - YOUTUBE.amountMinor);
  const afterRequests = funded - FIRST.amountMinor - FIRST.chargeMinor - SECOND.amountMinor - SECOND.chargeMinor;
  expect(await jumboMinor(sponsorToken)).toBe(afterRequests);
  await sponsor.reload();
  await sponsor.getByLabel('Account', { exact: true }).waitFor();
  expect(await sponsor.getByTestId('withdraw-notice').count()).toBe(0);

  // 6. The operator (a second browser context) approves the first and declines the second on /admin.
  const operator = await open(DESKTOP, 'money-operator');
  await operator.goto('/login');
  await loginStaffThroughForm(operator, { username: ADMIN_USERNAME, password: ADMIN_PASSWORD, secret: admin.secret });
  // Staff are not members: the sign-in lands in the console, on the money desk.
  await operator.waitForURL('**/admin');
  await operator.getByTestId('admin-withdrawal-row').first().waitFor();
  await screenshot(operator, 'money-7-admin-pending-desktop');
  await operator.getByRole('button', { name: 'Approve demo_sponsor 300.00' }).click();
  const approveDialog = operator.getByRole('dialog');
  await approveDialog.getByText('Approve withdrawal?').waitFor();
  await approveDialog.getByRole('button', { name: 'Approve', exact: true }).click();
  // Kenya is paid by M-Pesa B2C (the simulator here): approving sends the payout, which completes on M-Pesa's result.
  await operator.getByText('Withdrawal approved: the payout is on its way by M-Pesa B2C').waitFor();
  await approveDialog.waitFor({ state: 'detached' });
  await operator.getByRole('button', { name: 'Decline demo_sponsor 250.00' }).click();
  const declineDialog = operator.getByRole('dialog');
  await declineDialog.getByText('Decline withdrawal?').waitFor();
  // The refund goes back to the wallet the money came from, and the dialog says which.
  expect(await declineDialog.getByTestId('decline-wallet').textContent()).toBe('Jumbo');
  await screenshot(operator, 'money-8-admin-decline-dialog-desktop');
  await declineDialog.getByRole('button', { name: 'Decline', exact: true }).click();
  await operator.getByText('Withdrawal declined and refunded in full').first().waitFor();
  await declineDialog.waitFor({ state: 'detached' });
  await operator.getByRole('button', { name: `Decline demo_sponsor ${YOUTUBE.amount}.00` }).click();
  expect(await declineDialog.getByTestId('decline-wallet').textContent()).toBe('YouTube');
  expect(await declineDialog.textContent()).toContain('The amount goes back to their YouTube wallet');
  await declineDialog.getByRole('button', { name: 'Decline', exact: true }).click();
  await declineDialog.waitFor({ state: 'detached' });
  // The approved one leaves the pending list when M-Pesa's result pays it (about a second in the simulator).
  await expect
    .poll(async () => {
      const history = await callApi<{ Amount: string; Status: string }[]>('withdrawalhistory', { token: sponsorToken });
      return history.data.find((row) => row.Amount === '300.00')?.Status;
    })
    .toBe('2');
  await operator.reload();
  await operator.getByText('No withdrawals here.').waitFor();
  expect(await api.walletMinor(sponsorToken, 'youtube')).toBe(youtubeFunded);
  await operator.getByRole('button', { name: 'Declined' }).click();
  await operator.getByRole('button', { name: 'Decline demo_sponsor 250.00' }).waitFor({ state: 'detached' });
  await operator.getByTestId('admin-withdrawal-row').first().waitFor();

  // 7. The sponsor's history shows Completed and Declined; Jumbo has the declined amount and fee back.
  await sponsor.goto('/withdrawal-history');
  await sponsor.getByRole('button', { name: 'Refresh' }).click();
  const rows = sponsor.getByTestId('withdrawal-row');
  await rows.nth(1).waitFor();
  const statuses = await rows.allTextContents();
  expect(statuses.some((text) => text.includes('300.00') && text.includes('Completed'))).toBe(true);
  expect(statuses.some((text) => text.includes('250.00') && text.includes('Declined'))).toBe(true);
  await screenshot(sponsor, 'money-9-history-desktop');
  const refunded = afterRequests + SECOND.amountMinor + SECOND.chargeMinor;
  expect(await jumboMinor(sponsorToken)).toBe(refunded);
  await sponsor.goto('/dashboard');
  await sponsor.getByTestId('welcome-username').waitFor();
  // The stored user data of the last page may predate the refund; the dashboard's refresh brings it.
  await sponsor
    .getByTestId('wallet-balance')
    .filter({ hasText: kes(refunded) })
    .waitFor();

  // 8. The same money screens on a 390 px phone.
  const phone = await open(PHONE, 'money-sponsor-phone');
  await phone.goto('/login');
  await loginThroughForm(phone, DEMO_MEMBER.username, DEMO_MEMBER.password);
  await phone.getByTestId('welcome-username').waitFor();
  await phone.goto('/withdraw');
  await phone.getByTestId('withdraw-notice').waitFor();
  await screenshot(phone, 'money-10-withdraw-phone');
  await phone.goto('/withdrawal-history');
  await phone.getByTestId('withdrawal-row').nth(1).waitFor();
  await screenshot(phone, 'money-11-history-phone');
  await phone.goto('/deposit');
  await phone.getByText('Recent Deposits').waitFor();
  // The seed records the sponsor's starting deposit as a completed manual deposit (receipt DEMO-SPONSOR).
  await phone.getByTestId('deposit-row').filter({ hasText: 'DEMO-SPONSOR' }).waitFor();
  const code = phone.getByRole('textbox', { name: 'Transaction code' });
  const submitCode = phone.getByRole('button', { name: 'Submit code' });
  await code.fill('QK-12');
  await submitCode.click();
  await phone.getByText('Only letters and numbers allowed').first().waitFor();
  await code.fill('QK12');
  await submitCode.click();
  await phone.getByText('Must be more than 8 characters').first().waitFor();
  // A code that matches no payment notification waits in the operator's review queue (HTTP 202).
  await code.fill('QKL7ABC12X');
  await submitCode.click();
  await phone.getByRole('form', { name: 'Submit transaction code' }).getByText('sent for review', { exact: false }).waitFor();
  await screenshot(phone, 'money-12-deposit-phone');

  // Pay For Client: demo_new is the sponsor's inactive level-1 recruit.
  await phone.goto('/pay-for-client');
  await phone.getByRole('heading', { name: 'Transfer History' }).waitFor();
  await phone.getByText('No transfer history found').waitFor();
  await phone.getByRole('button', { name: 'Verify Client' }).click();
  await phone.getByText('Username must be at least 3 characters').waitFor();
  await phone.getByLabel('Client username').fill('demo_new');
  await phone.getByRole('button', { name: 'Verify Client' }).click();
  await phone.getByText('Client verified successfully').waitFor();
  await phone.getByLabel('Wallet').selectOption('2');
  await phone.getByLabel('Amount (KES)').fill('abc');
  await phone.getByRole('button', { name: 'Pay Client' }).click();
  await phone.getByText('Amount must be a number').waitFor();
  // More than any demo member holds in Deposit (the demo sponsor starts with KES 1,500.00 there).
  await phone.getByLabel('Amount (KES)').fill('100000');
  await phone.getByRole('button', { name: 'Pay Client' }).click();
  await phone.getByText('Insufficient balance in Deposit Wallet').waitFor();
  await phone.getByLabel('Wallet').selectOption('1');
  await phone.getByLabel('Amount (KES)').fill('100');
  await screenshot(phone, 'money-13-pay-for-client-phone');
  await phone.getByRole('button', { name: 'Pay Client' }).click();
  await phone.getByText('Payment successful').waitFor();
  await phone.getByLabel('Client username').waitFor();
  expect(await phone.getByLabel('Client username').inputValue()).toBe('');
  const transfer = phone.getByTestId('transfer-row').first();
  await transfer.waitFor();
  expect(await transfer.textContent()).toContain('demo_new');
  expect(await transfer.textContent()).toContain('100.00');
  expect(await jumboMinor(sponsorToken)).toBe(refunded - 10_000n);
  await screenshot(phone, 'money-14-transfer-history-phone');

  // The operator desk on a phone.
  const operatorPhone = await open(PHONE, 'money-operator-phone');
  await operatorPhone.goto('/login');
  await loginStaffThroughForm(operatorPhone, { username: ADMIN_USERNAME, password: ADMIN_PASSWORD, secret: admin.secret });
  await operatorPhone.waitForURL('**/admin');
  await operatorPhone.goto('/admin');
  await operatorPhone.getByRole('button', { name: 'Completed' }).click();
  await operatorPhone.getByTestId('admin-withdrawal-row').first().waitFor();
  await screenshot(operatorPhone, 'money-15-admin-phone');

  for (const each of opened) expect(each.pageErrors).toEqual([]);
});
