import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { DESKTOP, loginThroughForm, openPage, screenshot, screenshotOnFailure, type OpenPage } from './support/browser.ts';
import { apiHelpers } from './support/api.ts';
import { useE2EContext } from './support/context.ts';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from './support/server.ts';
import { addStaffOnServer, enrolStaff, freshTotpCode, signInStaff } from './support/staff.ts';

/**
 * A new staff account under four-eyes (docs/decisions/044-four-eyes-one-person-cannot-get-round.md): with one operator
 * the console says four-eyes cannot work yet; a second operator is added by whoever runs the server. Operator A asks
 * for an operator account on /admin/staff (sent for approval); operator B approves it on /admin/approvals, seeing what
 * it creates; A hands over the one-time enrolment link from the Staff list; the new staff member sets their own
 * password with it, signs in and scans their authenticator. Neither A nor B ever knows the password or the secret.
 */
const OPERATOR_B = { username: 'e2e_second_op', password: 'second-operator-pass-1', email: 'second.op@example.com' } as const;
const NEW_STAFF = { username: 'e2e_new_op', email: 'new.op@example.com', password: 'my-own-staff-password' } as const;

const e2e = useE2EContext();
const api = apiHelpers(() => e2e.server.baseUrl);
const opened: OpenPage[] = [];

async function open(name: string): Promise<Page> {
  const next = await openPage(e2e.browser, e2e.server.baseUrl, DESKTOP);
  opened.push(next);
  screenshotOnFailure(() => next.page, name);
  return next.page;
}

test('B approves the staff account A asked for; the new staff member sets their own password and authenticator', async () => {
  const operatorA = {
    ...(await enrolStaff(api, ADMIN_USERNAME, ADMIN_PASSWORD)),
    username: ADMIN_USERNAME,
    password: ADMIN_PASSWORD,
  };

  // 1. One operator: every console page says four-eyes cannot work yet.
  const pageA = await open('four-eyes-staff-operator-a');
  await signInStaff(pageA, operatorA);
  await pageA.goto('/admin/staff');
  await pageA.getByTestId('four-eyes-notice').getByText('Four-eyes cannot work yet: only one operator').waitFor();
  await pageA.goto('/admin/approvals');
  await pageA.getByTestId('four-eyes-notice').waitFor();
  await screenshot(pageA, 'four-eyes-staff-1-one-operator-notice-desktop');

  // 2. The second operator comes from the server-side command, not the console.
  const operatorB = { ...(await addStaffOnServer(api, e2e.server, OPERATOR_B)), ...OPERATOR_B };

  // 3. A asks for an operator account: no password field; the answer is "sent for approval".
  await pageA.goto('/admin/staff');
  await pageA.getByTestId('four-eyes-notice').waitFor({ state: 'detached' });
  const form = pageA.getByRole('form', { name: 'Create staff account' });
  expect(await form.getByLabel('Password').count()).toBe(0);
  await form.getByLabel('Username').fill(NEW_STAFF.username);
  await form.getByLabel('Email').fill(NEW_STAFF.email);
  await form.getByLabel('Role').selectOption('operator');
  await form.getByRole('button', { name: 'Ask for the account' }).click();
  await pageA
    .getByText(/^Sent for approval: request #\d+/)
    .first()
    .waitFor();
  expect(await pageA.locator(`[data-testid="staff-row"][data-username="${NEW_STAFF.username}"]`).count()).toBe(0);

  // 4. B approves it on the Approvals page, which says what it creates.
  const pageB = await open('four-eyes-staff-operator-b');
  await signInStaff(pageB, operatorB);
  await pageB.goto('/admin/approvals');
  const row = pageB.getByTestId('approval-pending-row').filter({ hasText: NEW_STAFF.username });
  await row.waitFor();
  expect(await row.textContent()).toContain(`New staff account: operator account ${NEW_STAFF.username} (${NEW_STAFF.email})`);
  await screenshot(pageB, 'four-eyes-staff-2-pending-desktop');
  const requestId = await row.getAttribute('data-approval-id');
  await row.getByRole('button', { name: `Approve request ${requestId}` }).click();
  await pageB.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  await pageB.getByText('Approved: the change is in effect', { exact: false }).first().waitFor();

  // 5. A hands over the one-time enrolment link from the Staff list.
  await pageA.goto('/admin/staff');
  const staffRow = pageA.locator(`[data-testid="staff-row"][data-username="${NEW_STAFF.username}"]`);
  await staffRow.getByRole('button', { name: `Enrolment link of ${NEW_STAFF.username}` }).click();
  const link = (await staffRow.getByTestId('enrolment-link').textContent()) ?? '';
  expect(link).toMatch(/\/staff-enrol\?token=/);
  await screenshot(pageA, 'four-eyes-staff-3-enrolment-link-desktop');

  // 6. The new staff member opens it, sets their own password, signs in and scans their authenticator.
  const pageNew = await open('four-eyes-staff-new-member');
  await pageNew.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await pageNew.getByTestId('enrol-username').getByText(NEW_STAFF.username).waitFor();
  await pageNew.getByLabel('New password').fill(NEW_STAFF.password);
  await pageNew.getByLabel('Repeat the password').fill(NEW_STAFF.password);
  await pageNew.getByRole('button', { name: 'Set my password' }).click();
  await pageNew.getByText('Password set', { exact: false }).waitFor();
  await screenshot(pageNew, 'four-eyes-staff-4-password-set-desktop');
  await pageNew.getByRole('link', { name: 'Sign in' }).click();
  await loginThroughForm(pageNew, NEW_STAFF.username, NEW_STAFF.password);
  await pageNew.waitForURL('**/admin/security');
  await pageNew.getByRole('button', { name: 'Set up authenticator' }).click();
  await pageNew.getByTestId('totp-qr').waitFor();
  const secret = (await pageNew.getByTestId('totp-secret').getAttribute('data-secret')) ?? '';
  await pageNew.getByLabel('6-digit code').fill(await freshTotpCode(secret));
  await pageNew.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await pageNew.getByText('Save these recovery codes somewhere safe now').waitFor();
  await screenshot(pageNew, 'four-eyes-staff-5-authenticator-desktop');

  // The link works once; and the new account never decides a request of the operators who made it.
  const reused = await api.call('staffenrol', {
    method: 'POST',
    payload: { token: new URL(link).searchParams.get('token'), password: 'someone-elses-pass' },
  });
  expect(reused.resultcode).toBe(false);
  const newToken = await pageNew.evaluate(() => localStorage.getItem('access_token') ?? '');
  const asked = await api.call<{ approval_id: string }>('adminadjust', {
    token: operatorA.token,
    method: 'POST',
    payload: { username: 'demo_l1', wallet: 'balance', amount: '20000.00', reason: 'e2e: a request by the creator' },
  });
  expect(asked.status).toBe(202);
  const refused = await api.call('adminapproverequest', {
    token: newToken,
    method: 'POST',
    payload: { id: asked.data.approval_id },
  });
  expect([refused.status, refused.code]).toEqual([403, 'FORBIDDEN']);

  for (const each of opened) expect(each.pageErrors).toEqual([]);
});
