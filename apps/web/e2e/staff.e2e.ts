import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { expectRefusal, loginThroughForm, PHONE, screenshot } from './support/browser.ts';
import { apiHelpers } from './support/api.ts';
import { useE2EContext } from './support/context.ts';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from './support/server.ts';
import {
  addStaffOnServer,
  approvePending,
  freshTotpCode,
  loginStaffWithRecoveryCodeThroughForm,
  RECOVERY_CODE_PATTERN,
} from './support/staff.ts';

/**
 * Staff roles and two-factor sign-in end to end: the bootstrap operator enrols an authenticator at its first sign-in
 * (QR code, secret, code, recovery codes shown once) and signs in with a code; asks for a support account, which a
 * second operator (added on the server) approves; support sets its own password with the one-time link and enrols, and is refused an operator-only change (a wallet adjustment, the staff list); the operator reads the
 * audit log of it all, filtered, with before and after.
 */
const SUPPORT = { username: 'help_desk', email: 'help@tuzo.local', password: 'support-pass-1' } as const;
const SECOND = { username: 'staff_second_op', email: 'second@tuzo.local', password: 'second-operator-pass-1' } as const;

const e2e = useE2EContext();
const api = apiHelpers(() => e2e.server.baseUrl);
/** On /admin/security: start, read the secret the page shows, type a current code, return secret and codes. */
async function enrolThroughPage(page: Page): Promise<{ secret: string; codes: string[] }> {
  await page.getByRole('button', { name: 'Set up authenticator' }).click();
  await page.getByTestId('totp-qr').waitFor();
  const secret = (await page.getByTestId('totp-secret').getAttribute('data-secret')) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByLabel('6-digit code').fill(await freshTotpCode(secret));
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await page.getByText('Save these recovery codes somewhere safe now').waitFor();
  const codes = await page.getByTestId('recovery-code').allTextContents();
  expect(codes).toHaveLength(10);
  return { secret, codes };
}

test('operator enrols TOTP and signs in with it; support is refused operator changes; the audit log shows it all', async () => {
  // 1. First sign-in of the bootstrap operator: the password alone, then straight to the enrolment page.
  const first = await e2e.open('staff-operator-enrol');
  await first.goto('/login');
  await loginThroughForm(first, ADMIN_USERNAME, ADMIN_PASSWORD);
  await first.waitForURL('**/admin/security');
  await first.getByRole('button', { name: 'Set up authenticator' }).waitFor();
  await first.getByRole('button', { name: 'Set up authenticator' }).click();
  await first.getByTestId('totp-qr').waitFor();
  await screenshot(first, 'staff-1-operator-enrol-qr-desktop');
  await first.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await first.getByText('Enter the 6-digit code from your authenticator app').waitFor();
  const secret = (await first.getByTestId('totp-secret').getAttribute('data-secret')) ?? '';
  await first.getByLabel('6-digit code').fill(await freshTotpCode(secret));
  await first.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await first.getByText('Save these recovery codes somewhere safe now').waitFor();
  const recoveryCodes = await first.getByTestId('recovery-code').allTextContents();
  expect(recoveryCodes).toHaveLength(10);
  for (const code of recoveryCodes) expect(code).toMatch(RECOVERY_CODE_PATTERN);
  await screenshot(first, 'staff-2-operator-recovery-codes-desktop');

  // 2. A later sign-in: the password answers with the code step; a wrong code is refused, a current one signs in.
  const operator = await e2e.open('staff-operator');
  await operator.goto('/login');
  // The password step answers 400 TOTP_REQUIRED, and the wrong code 400 TOTP_INVALID, on purpose.
  expectRefusal(operator, { action: 'login', status: 400 });
  await loginThroughForm(operator, ADMIN_USERNAME, ADMIN_PASSWORD);
  const codeField = operator.getByLabel('Authentication code');
  await codeField.waitFor();
  await codeField.fill('000000');
  await operator.getByRole('button', { name: 'Login' }).click();
  await operator.getByTestId('login-error').filter({ hasText: 'not right' }).waitFor();
  await screenshot(operator, 'staff-3-login-code-step-desktop');
  await codeField.fill(await freshTotpCode(secret));
  await operator.getByRole('button', { name: 'Login' }).click();
  await operator.waitForURL((url) => !url.pathname.startsWith('/login'));

  // 3. The operator asks for a support account on /admin/staff (decision 044): alone, it waits, and the console says
  // four-eyes cannot work yet; a second operator, added on the server, approves it; the operator hands over the link.
  await operator.goto('/admin/staff');
  await operator.getByTestId('four-eyes-notice').waitFor();
  await operator.getByLabel('Username').fill(SUPPORT.username);
  await operator.getByLabel('Email').fill(SUPPORT.email);
  await operator.getByLabel('Role').selectOption('support');
  await operator.getByRole('button', { name: 'Ask for the account' }).click();
  await operator
    .getByText(/^Sent for approval: request #\d+/)
    .first()
    .waitFor();
  const second = await addStaffOnServer(api, e2e.server, SECOND);
  expect(await approvePending(api, second)).toBe(1);
  await operator.goto('/admin/staff');
  const supportRow = operator.locator(`[data-testid="staff-row"][data-username="${SUPPORT.username}"]`);
  await supportRow.waitFor();
  expect(await supportRow.textContent()).toContain('Not set up');
  await supportRow.getByRole('button', { name: `Enrolment link of ${SUPPORT.username}` }).click();
  const link = (await supportRow.getByTestId('enrolment-link').textContent()) ?? '';
  await screenshot(operator, 'staff-4-staff-list-desktop');

  // 4. Support sets their own password with the link, signs in (phone), enrols, and is refused the operator-only
  // wallet adjustment and staff list.
  const support = await e2e.open('staff-support', PHONE);
  await support.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await support.getByLabel('New password').fill(SUPPORT.password);
  await support.getByLabel('Repeat the password').fill(SUPPORT.password);
  await support.getByRole('button', { name: 'Set my password' }).click();
  await support.getByRole('link', { name: 'Sign in' }).click();
  // Support is refused the operator-only wallet adjustment (403) on purpose.
  expectRefusal(support, { action: 'adminadjust', status: 403 });
  await loginThroughForm(support, SUPPORT.username, SUPPORT.password);
  await support.waitForURL('**/admin/security');
  const supportEnrolment = await enrolThroughPage(support);
  await screenshot(support, 'staff-5-support-enrolled-phone');
  const refused = await support.evaluate(async () => {
    const response = await fetch('/api?action=adminadjust', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${localStorage.getItem('access_token') ?? ''}` },
      body: JSON.stringify({ username: 'demo_sponsor', wallet: 'balance', amount: '100', reason: 'support tries an adjustment' }),
    });
    return (await response.json()) as { status: number; code: string; msg: string };
  });
  expect(refused).toMatchObject({ status: 403, code: 'FORBIDDEN', msg: 'Operators only' });
  // Support's console navigation leaves out the operator-only pages; typed by hand, the page says who manages it.
  const supportNav = support.getByRole('navigation', { name: 'Operator console' });
  await supportNav.getByRole('link', { name: 'Money' }).waitFor();
  for (const title of ['Approvals', 'Staff', 'Audit log'])
    expect(await supportNav.getByRole('link', { name: title, exact: true }).count(), title).toBe(0);
  await support.goto('/admin/staff');
  await support.getByText('Staff accounts are managed by operators.').waitFor();
  await screenshot(support, 'staff-6-support-refused-phone');
  // Support does reach the money queue it is allowed to read, and sends a member a notification.
  const supportToken = await support.evaluate(() => localStorage.getItem('access_token') ?? '');
  expect((await api.call('adminreviewcodes', { token: supportToken })).status).toBe(200);
  const notified = await api.call('adminnotify', {
    token: supportToken,
    method: 'POST',
    payload: { username: 'demo_l1', msg: 'Your code is being checked' },
  });
  expect(notified.resultcode, notified.msg).toBe(true);

  // 5. The operator disables support (its session ends) and reads the audit log, filtered by member and action.
  await operator.goto('/admin/staff');
  await supportRow.getByRole('button', { name: `Disable ${SUPPORT.username}` }).click();
  await operator
    .getByText(/^Sent for approval: request #\d+/)
    .first()
    .waitFor();
  expect(await approvePending(api, second)).toBe(1);
  await operator.reload();
  await supportRow.getByText('Disabled').waitFor();
  expect((await api.call('adminreviewcodes', { token: supportToken })).status).toBe(401);

  await operator.goto('/admin/audit');
  await operator.getByTestId('audit-row').first().waitFor();
  await operator.getByLabel('Member', { exact: true }).fill(SUPPORT.username);
  await operator.getByRole('button', { name: 'Filter' }).click();
  const entries = operator.getByTestId('audit-row');
  await entries.filter({ hasText: 'staff.disable' }).waitFor();
  const actions = await entries.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-action')));
  expect(actions).toEqual(expect.arrayContaining(['staff.create', 'staff.totp_enable', 'staff.disable']));
  await operator.getByLabel('Staff member').fill(SUPPORT.username);
  await operator.getByLabel('Member', { exact: true }).fill('');
  await operator.getByRole('button', { name: 'Filter' }).click();
  await entries.filter({ hasText: 'member.notify' }).waitFor();
  expect(await entries.filter({ hasText: 'member.notify' }).textContent()).toContain('Your code is being checked');
  await screenshot(operator, 'staff-7b-audit-support-actions-desktop');
  await operator.getByRole('button', { name: 'Clear' }).click();
  await operator.getByLabel('Member', { exact: true }).fill(SUPPORT.username);
  await operator.getByRole('button', { name: 'Filter' }).click();
  await entries.filter({ hasText: 'staff.disable' }).waitFor();
  const disabledEntry = entries.filter({ hasText: 'staff.disable' });
  expect(await disabledEntry.textContent()).toContain(`by ${SECOND.username}`);
  expect(await disabledEntry.textContent()).toContain('"disabled": false');
  expect(await disabledEntry.textContent()).toContain('"disabled": true');
  await screenshot(operator, 'staff-7-audit-member-filter-desktop');
  await operator.getByLabel('Action').selectOption('staff.create');
  await operator.getByRole('button', { name: 'Filter' }).click();
  await operator.getByText('1 entry', { exact: true }).waitFor();
  await screenshot(operator, 'staff-8-audit-action-filter-desktop');

  // A recovery code, typed into the login form's code step, signs the operator in once.
  const recovering = await e2e.open('staff-operator-recovery-code', PHONE);
  await recovering.goto('/login');
  await loginStaffWithRecoveryCodeThroughForm(recovering, {
    username: ADMIN_USERNAME,
    password: ADMIN_PASSWORD,
    recoveryCode: recoveryCodes[0]!,
  });
  await recovering.waitForURL((url) => !url.pathname.startsWith('/login'));
  const again = await api.call('login', {
    method: 'POST',
    payload: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD, totp: recoveryCodes[0] },
  });
  expect(again).toMatchObject({ resultcode: false, code: 'TOTP_INVALID' });
  expect(supportEnrolment.secret).not.toBe(secret);

  for (const each of e2e.opened) expect(each.pageErrors).toEqual([]);
});
