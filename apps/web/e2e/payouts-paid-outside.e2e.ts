import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { DESKTOP, loginThroughForm, openPage, screenshot, screenshotOnFailure, type OpenPage } from './support/browser.ts';
import { apiHelpers } from './support/api.ts';
import { useE2EContext } from './support/context.ts';
import { setMemberPhoneForTest } from './support/members.ts';
import { ADMIN_PASSWORD, ADMIN_USERNAME, AdvancingClock, DEMO_MEMBER } from './support/server.ts';
import { enrolTwoOperators, signInStaff } from './support/staff.ts';

/**
 * "Mark paid outside Tuzo" end to end (decisions 033, 046): a payout to the simulator's "queue timeout" phone (…38)
 * times out in M-Pesa's queue, and M-Pesa's status query answers that it has no such payment. The payout waits as
 * Unknown with that answer on its page (it is never sent again by itself); operator A marks it paid outside Tuzo with a
 * reason: nothing is settled, the request waits for a second operator. Operator B approves it on /admin/approvals and
 * the member's history shows Completed.
 */
const SILENT = { username: DEMO_MEMBER.username, password: DEMO_MEMBER.password, phone: '+254700000038' } as const;
const OPERATOR_B = { username: 'e2e_payout_op_b', password: 'second-operator-pass-2', email: 'payout.op.b@example.com' } as const;
const clock = new AdvancingClock();
const e2e = useE2EContext({ clock });
const api = apiHelpers(() => e2e.server.baseUrl);
const opened: OpenPage[] = [];

async function open(name: string): Promise<Page> {
  const next = await openPage(e2e.browser, e2e.server.baseUrl, DESKTOP);
  opened.push(next);
  screenshotOnFailure(() => next.page, name);
  return next.page;
}

test('a payout M-Pesa has no record of is marked paid outside Tuzo by A, approved by B, and the member sees Completed', async () => {
  const { operatorA, operatorB } = await enrolTwoOperators(
    api,
    e2e.server,
    { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
    OPERATOR_B,
  );

  // The member's phone is the simulator's "paid, no Result ever" phone; they ask for KES 300 from Jumbo.
  await setMemberPhoneForTest(e2e.server, { username: SILENT.username, phone: SILENT.phone });
  const adjusted = await api.call('adminadjust', {
    token: operatorA.token,
    method: 'POST',
    payload: { username: SILENT.username, wallet: 'balance', amount: '1000.00', reason: 'e2e: fund a withdrawal' },
    idempotencyKey: randomUUID(),
  });
  expect(adjusted.resultcode, adjusted.msg).toBe(true);
  const memberToken = await api.login(SILENT.username, SILENT.password);
  const requested = await api.call('systemwithdrawal', {
    token: memberToken,
    method: 'POST',
    payload: { acc: '1', amount: '300.00' },
    idempotencyKey: randomUUID(),
  });
  expect(requested.resultcode, requested.msg).toBe(true);

  // 1. Operator A approves it on the money desk: M-Pesa acknowledges it, then it times out in M-Pesa's queue.
  const pageA = await open('payouts-paid-outside-operator-a');
  await signInStaff(pageA, operatorA);
  await pageA.goto('/admin/money');
  await pageA.getByRole('button', { name: `Approve ${SILENT.username} 300.00` }).click();
  const confirm = pageA.getByRole('dialog');
  await confirm.getByRole('button', { name: 'Approve', exact: true }).click();
  await pageA.getByText('Withdrawal approved: the payout is on its way by M-Pesa B2C').first().waitFor();
  await confirm.waitFor({ state: 'detached' });
  // Both operators sign in now (their authenticator codes follow the real time, not the moved clock).
  const pageB = await open('payouts-paid-outside-operator-b');
  await signInStaff(pageB, operatorB);

  // 2. A opens the payout: it waits as Unknown, with M-Pesa's "not found" answer (asked for as soon as the queue
  // timeout came; the test waits for that answer through the API before looking).
  for (let tries = 0; tries < 40; tries += 1) {
    // The helper sends no query string of its own: the filters ride on the action's URL.
    const queue = await api.call<{ rows: Array<{ provider_answer: string | null }> }>(
      `adminpayouts&state=unknown&username=${encodeURIComponent(SILENT.username)}`,
      { token: operatorA.token },
    );
    if (queue.data.rows.some((row) => row.provider_answer === 'not-found')) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await pageA.goto('/admin/payouts');
  await pageA.getByRole('button', { name: /^Unknown/ }).click();
  const sentRow = pageA.locator('[data-testid="payout-row"][data-state="unknown"]').filter({ hasText: SILENT.username });
  await sentRow.waitFor();
  const payoutId = await sentRow.getAttribute('data-payout-id');
  expect(payoutId).toMatch(/^\d+$/);
  await sentRow.getByRole('button', { name: /^Details of payout/ }).click();
  const detail = pageA.getByRole('dialog', { name: `Payout #${payoutId}` });
  await detail.getByTestId('payout-detail').waitFor();

  // 3. M-Pesa said it has no such payment; A marks it paid outside Tuzo: a reason is required, and a second operator
  // must approve.
  await detail
    .getByTestId('payout-provider-answer')
    .getByText(/^Not found/)
    .waitFor();
  await detail.getByRole('button', { name: 'Mark failed' }).waitFor();
  await detail.getByRole('button', { name: 'Mark paid outside Tuzo' }).click();
  const mark = pageA.getByRole('dialog', { name: 'Mark paid outside Tuzo?' });
  await mark.getByText('A second operator must approve it on Approvals before it counts.').waitFor();
  await mark.getByText(/reversed only by hand on the M-Pesa portal/).waitFor();
  await mark.getByRole('button', { name: 'Ask for approval' }).click();
  await mark.getByText('A reason is required').waitFor();
  await mark.getByLabel('Reason: how the member was paid').fill('Paid on the M-Pesa portal, ticket 4411');
  await screenshot(pageA, 'payouts-paid-outside-1-dialog-desktop');
  await mark.getByRole('button', { name: 'Ask for approval' }).click();
  await pageA.getByText('Marked paid outside Tuzo: it waits for a second operator to approve it on Approvals').first().waitFor();
  await mark.waitFor({ state: 'detached' });
  // Nothing is settled yet.
  const pending = await api.call<Array<{ Status: string }>>('withdrawalhistory', { token: memberToken });
  expect(pending.data[0]?.Status).not.toBe('2');

  // 4. B approves it on Approvals: the request names the payout and its kind.
  await pageB.goto('/admin/approvals');
  const rowB = pageB.getByTestId('approval-pending-row').filter({ hasText: `Payout #${payoutId}` });
  await rowB.waitFor();
  expect(await rowB.textContent()).toContain('Payout marked paid outside Tuzo');
  expect(await rowB.textContent()).toContain('Paid on the M-Pesa portal, ticket 4411');
  const requestId = await rowB.getAttribute('data-approval-id');
  await rowB.getByRole('button', { name: `Approve request ${requestId}` }).click();
  const approve = pageB.getByRole('dialog');
  await approve.getByText(/settles the payout as paid outside Tuzo/).waitFor();
  await approve.getByRole('button', { name: 'Approve' }).click();
  await rowB.waitFor({ state: 'detached' });
  await screenshot(pageB, 'payouts-paid-outside-2-approved-desktop');

  // 5. The member's history shows the withdrawal Completed.
  const member = await open('payouts-paid-outside-member');
  await member.goto('/login');
  await loginThroughForm(member, SILENT.username, SILENT.password);
  await member.getByTestId('welcome-username').waitFor();
  await member.goto('/withdrawal-history');
  const row = member.getByTestId('withdrawal-row').first();
  await row.waitFor();
  await row.getByText('Completed').waitFor();
  expect(await row.textContent()).toContain('300.00');
  await screenshot(member, 'payouts-paid-outside-3-history-desktop');

  for (const each of opened) expect(each.pageErrors).toEqual([]);
});
