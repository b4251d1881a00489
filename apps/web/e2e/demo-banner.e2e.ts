import { afterAll, expect, test } from 'vitest';
import { formatReconcileReport, reconcileLedger } from '../../server/src/ledger/reconcile.ts';
import { recordPayoutBalance } from '../../server/src/modules/payouts/payout-balance-alert.ts';
import { apiHelpers } from './support/api.ts';
import { DESKTOP, loginThroughForm, openPage, screenshot, screenshotOnFailure, type OpenPage } from './support/browser.ts';
import { useE2EContext } from './support/context.ts';
import { ADMIN_PASSWORD, ADMIN_USERNAME, DEMO_MEMBER } from './support/server.ts';
import { enrolStaff, signInStaff } from './support/staff.ts';

/**
 * Issue 23 §6: the flows' server pays through the provider simulator, so every member and console page says so in a
 * thin banner ("Demo: payments are simulated, no real money moves"), learnt from the user data the app already reads;
 * and a payout balance below its alert is a notice above every console page.
 */
const e2e = useE2EContext();
const api = apiHelpers(() => e2e.server.baseUrl);
const opened: OpenPage[] = [];

afterAll(async () => {
  const report = await reconcileLedger(e2e.server.app.deps.db);
  if (!report.ok) throw new Error(`Ledger does not reconcile after the demo banner flow:\n${formatReconcileReport(report)}`);
});
const DEMO = 'Demo: payments are simulated, no real money moves';

test('the demo banner on a member page and on console pages; a low payout balance on every console page', async () => {
  const health = await fetch(`${e2e.server.baseUrl}/healthz`);
  expect(await health.json()).toEqual({ ok: true, payments: 'simulated' });

  const member = await openPage(e2e.browser, e2e.server.baseUrl, DESKTOP);
  opened.push(member);
  screenshotOnFailure(() => member.page, 'demo-banner-member');
  await member.page.goto('/login');
  await loginThroughForm(member.page, DEMO_MEMBER.username, DEMO_MEMBER.password);
  await member.page.getByTestId('welcome-username').waitFor();
  expect(await member.page.getByTestId('demo-banner').textContent()).toBe(DEMO);
  await member.page.goto('/withdraw');
  await member.page.getByTestId('demo-banner').waitFor();
  await screenshot(member.page, 'demo-banner-member');

  const desk = await openPage(e2e.browser, e2e.server.baseUrl, DESKTOP);
  opened.push(desk);
  screenshotOnFailure(() => desk.page, 'demo-banner-console');
  const admin = await enrolStaff(api, ADMIN_USERNAME, ADMIN_PASSWORD);
  await signInStaff(desk.page, { username: ADMIN_USERNAME, password: ADMIN_PASSWORD, secret: admin.secret });
  await desk.page.goto('/admin/members');
  await desk.page.getByRole('navigation', { name: 'Operator console' }).waitFor();
  expect(await desk.page.getByTestId('demo-banner').textContent()).toBe(DEMO);
  expect(await desk.page.getByTestId('console-notices').count()).toBe(0);

  // M-Pesa reports a utility balance below the alert (KES 10,000.00 by default): the notice shows on every page.
  await recordPayoutBalance(e2e.server.app.deps, {
    provider: 'mpesa_b2c',
    currency: 'KES',
    balanceMinor: 250_000n,
    source: 'e2e report',
  });
  const notice =
    'Low payout balance: M-Pesa B2C KES 2,500.00, below the alert of KES 10,000.00. Top the account up before payouts fail.';
  await desk.page.goto('/admin/approvals');
  await desk.page.getByTestId('console-notices').getByText(notice).waitFor();
  await desk.page.goto('/admin/audit');
  await desk.page.getByTestId('console-notices').getByText(notice).waitFor();
  await desk.page.getByTestId('demo-banner').waitFor();
  await screenshot(desk.page, 'demo-banner-console');
  for (const page of opened) expect(page.pageErrors).toEqual([]);
});
