import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { DESKTOP, openPage, screenshot, screenshotOnFailure, type OpenPage } from './support/browser.ts';
import { apiHelpers } from './support/api.ts';
import { useE2EContext } from './support/context.ts';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from './support/server.ts';
import { enrolTwoOperators, signInStaff } from './support/staff.ts';

/**
 * Four-eyes approval end to end (docs/decisions/018-four-eyes.md): operator A adjusts a member's wallet by more than
 * the four-eyes limit (KES 10,000.00 by default); nothing moves and the request waits on /admin/approvals, where A
 * sees it as theirs with no Approve button. Operator B signs in, approves it, and the member's wallet shows the money.
 */
const MEMBER = { username: 'demo_l1', password: 'demo1234' } as const;
const OPERATOR_B = { username: 'e2e_second_op', password: 'second-operator-pass-1', email: 'second.op@example.com' } as const;

const e2e = useE2EContext();
const api = apiHelpers(() => e2e.server.baseUrl);
const opened: OpenPage[] = [];

async function open(name: string): Promise<Page> {
  const next = await openPage(e2e.browser, e2e.server.baseUrl, DESKTOP);
  opened.push(next);
  screenshotOnFailure(() => next.page, name);
  return next.page;
}

test('operator A asks for a large adjustment, cannot approve it; operator B approves and the money arrives', async () => {
  const { operatorA, operatorB } = await enrolTwoOperators(
    api,
    e2e.server,
    { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
    OPERATOR_B,
  );
  const memberToken = await api.login(MEMBER.username, MEMBER.password);
  const before = await api.walletMinor(memberToken, 'balance');

  // 1. Operator A adjusts the Jumbo wallet by KES 15,000.00: above the limit, so it becomes a request.
  const pageA = await open('four-eyes-operator-a');
  await signInStaff(pageA, operatorA);
  await pageA.goto(`/admin/members/${MEMBER.username}`);
  await pageA.getByRole('heading', { name: MEMBER.username }).waitFor();
  await pageA.getByRole('toolbar', { name: 'Member actions' }).getByRole('button', { name: 'Adjust wallet' }).click();
  const adjust = pageA.getByRole('dialog');
  await adjust.getByLabel('Wallet').selectOption('balance');
  await adjust.getByLabel(/^Amount/).fill('15000.00');
  await adjust.getByLabel(/^Reason/).fill('E2E prize payout, ticket 900');
  await adjust.getByRole('button', { name: 'Adjust wallet' }).click();
  await pageA
    .getByText(/waits for a second operator/)
    .first()
    .waitFor();
  await adjust.waitFor({ state: 'detached' });
  expect(await api.walletMinor(memberToken, 'balance')).toBe(before);

  // 2. A sees the request on Approvals, marked as theirs, with no way to approve it.
  await pageA.getByRole('navigation', { name: 'Operator console' }).getByRole('link', { name: 'Approvals' }).click();
  const rowA = pageA.getByTestId('approval-pending-row').filter({ hasText: MEMBER.username });
  await rowA.waitFor();
  await rowA.getByText(`${ADMIN_USERNAME} (you)`).waitFor();
  await rowA.getByText('Yours: another operator approves it').waitFor();
  expect(await rowA.getByRole('button', { name: /^Approve/ }).count()).toBe(0);
  expect(await rowA.textContent()).toContain('E2E prize payout, ticket 900');
  await screenshot(pageA, 'four-eyes-1-pending-requester-desktop');
  const requestId = await rowA.getAttribute('data-approval-id');
  expect(requestId).toMatch(/^\d+$/);
  // The server refuses A's approval too, whatever the page shows.
  const own = await api.call('adminapproverequest', { token: operatorA.token, method: 'POST', payload: { id: requestId } });
  expect(own.status).toBe(403);

  // 3. Operator B approves it: the money moves now.
  const pageB = await open('four-eyes-operator-b');
  await signInStaff(pageB, operatorB);
  await pageB.goto('/admin/approvals');
  const rowB = pageB.getByTestId('approval-pending-row').filter({ hasText: MEMBER.username });
  await rowB.waitFor();
  await rowB.getByRole('button', { name: `Approve request ${requestId}` }).click();
  const approve = pageB.getByRole('dialog');
  await approve.getByLabel('Note (optional)').fill('Checked the ticket');
  await screenshot(pageB, 'four-eyes-2-approve-dialog-desktop');
  await approve.getByRole('button', { name: 'Approve' }).click();
  await pageB.getByText('Approved: the money has moved').first().waitFor();
  await rowB.waitFor({ state: 'detached' });
  const decided = pageB.getByTestId('approval-decided-row').filter({ hasText: MEMBER.username });
  await decided.getByText('approved').waitFor();
  await screenshot(pageB, 'four-eyes-3-decided-desktop');

  // 4. The member's wallet shows the money, once.
  expect(await api.walletMinor(memberToken, 'balance')).toBe(before + 1_500_000n);
  await pageB.goto(`/admin/members/${MEMBER.username}`);
  const jumbo = pageB.getByTestId('wallet-balance');
  await jumbo.waitFor();
  expect((await jumbo.textContent())?.replace(/,/g, '')).toBe(
    ((before + 1_500_000n) / 100n).toString() + '.' + ((before + 1_500_000n) % 100n).toString().padStart(2, '0'),
  );
  const again = await api.call('adminapproverequest', { token: operatorB.token, method: 'POST', payload: { id: requestId } });
  expect(again.status).toBe(409);
  expect(await api.walletMinor(memberToken, 'balance')).toBe(before + 1_500_000n);

  for (const each of opened) expect(each.pageErrors).toEqual([]);
});
