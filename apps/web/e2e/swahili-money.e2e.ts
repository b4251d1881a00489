import { randomUUID } from 'node:crypto';
import { formatMinorGrouped } from '@tuzo/contracts';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { DESKTOP, expectRefusal, openPage, PHONE, screenshot, screenshotOnFailure, type OpenPage } from './support/browser.ts';
import { apiHelpers } from './support/api.ts';
import { useE2EContext } from './support/context.ts';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from './support/server.ts';
import { enrolStaff } from './support/staff.ts';

/**
 * The money flow in Swahili (issue 15): a browser whose language is Swahili signs a member up, deposits the activation
 * fee by M-Pesa STK push through the simulator, activates, withdraws, and sees the deposit, withdraw, history, Pay For
 * Client, team and spin screens in Swahili. The server's own messages arrive in Swahili too (the api client sends
 * Accept-Language): the withdrawal's answer, and Pay For Client's refusal of a client outside the team. The language is chosen the way a returning browser
 * keeps it (localStorage 'tuzo.language'); the sign-up, login and activation screens are not this flow's texts, so
 * they are driven by their field ids, whatever language they show.
 */
const MEMBER = { username: 'sw_member', email: 'sw_member@example.com', phone: '711556677', password: 'secret123' } as const;
const ACTIVATION_FEE = '500.00';
const STK_PHONE = '254711556677';
/** Kenya's seed: minimum withdrawal 200, 200-999 charged 30. */
const TOP_UP = '1000.00';
const WITHDRAWAL = { amount: '300', chargeMinor: 3_000n, totalMinor: 33_000n } as const;

const e2e = useE2EContext();
const opened: OpenPage[] = [];
const api = apiHelpers(() => e2e.server.baseUrl);

const kes = (minor: bigint): string => `KES ${formatMinorGrouped(minor)}`;

async function openInSwahili(viewport: { width: number; height: number }, name: string): Promise<Page> {
  const next = await openPage(e2e.browser, e2e.server.baseUrl, viewport);
  opened.push(next);
  screenshotOnFailure(() => next.page, name);
  await next.context.addInitScript(() => {
    if (!localStorage.getItem('tuzo.language')) localStorage.setItem('tuzo.language', 'sw');
  });
  return next.page;
}

test('sign up, deposit, activate and withdraw with the app in Swahili', async () => {
  // 1. Sign up through the sponsor's link and log in, on a phone whose app language is Swahili.
  const page = await openInSwahili(PHONE, 'swahili-money');
  await page.goto('/reg/demo_sponsor');
  await page.getByTestId('sponsor-box').waitFor();
  await page.locator('#signup-username').fill(MEMBER.username);
  await page.locator('[data-testid="username-availability"][data-state="available"]').waitFor();
  await page.locator('#signup-email').fill(MEMBER.email);
  await page.locator('#signup-country').selectOption({ label: 'Kenya (+254)' });
  await page.locator('#signup-phone').fill(MEMBER.phone);
  await page.locator('[data-testid="email-availability"][data-state="available"]').waitFor();
  await page.locator('[data-testid="phone-availability"][data-state="available"]').waitFor();
  await page.locator('#signup-password').fill(MEMBER.password);
  await page.locator('#signup-confirm').fill(MEMBER.password);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL('**/login');
  await page.locator('#login-username').fill(MEMBER.username);
  await page.locator('#login-password').fill(MEMBER.password);
  await page.locator('form button[type="submit"]').click();

  // 2. The activation page's deposit forms, in Swahili; an empty phone gets the spec's message in Swahili.
  await page.locator('[data-testid="activation-page"][data-view="deposit"]').waitFor();
  await page.getByText('Amana za Hivi Karibuni').waitFor();
  await page.getByText('Hakuna historia ya amana').waitFor();
  const phoneField = page.getByLabel('Nambari ya simu ya M-Pesa');
  const pay = page.getByRole('button', { name: `Lipa KES ${ACTIVATION_FEE} kwa M-Pesa` });
  await phoneField.fill('');
  await pay.click();
  await page.getByText('Tafadhali jaza sehemu zote').first().waitFor();
  await screenshot(page, 'swahili-1-deposit-phone');

  // 3. STK push through the simulator: the row goes from Inasubiri (Pending) to Imekamilika (Completed).
  await phoneField.fill(STK_PHONE);
  await pay.click();
  await page.getByText('Ombi la malipo limetumwa!').waitFor();
  await page.getByText('Angalia simu yako na uweke PIN yako ya M-Pesa.', { exact: false }).waitFor();
  await page.locator('[data-testid="activation-page"][data-view="activate"]').waitFor({ timeout: 60_000 });
  const depositRow = page.getByTestId('deposit-row').first();
  await depositRow.getByText('Imekamilika').waitFor();
  expect(await depositRow.textContent()).toContain(ACTIVATION_FEE);
  await screenshot(page, 'swahili-2-deposit-complete-phone');

  // 4. Activate (the activation page's own texts are not this flow's): the member's dashboard opens.
  await page.locator('[data-testid="activation-page"][data-view="activate"] [data-slot="activation-actions"] > button').click();
  await page.getByTestId('welcome-username').waitFor();

  // The deposit's notification, written by the server when M-Pesa confirmed it, reads in Swahili on the
  // notifications page (stored notifications follow the member's language, decision 039).
  await page.goto('/notifications');
  await page
    .getByText(/^Amana yako ya KES [\d,.]+ imepokelewa/)
    .first()
    .waitFor();
  await screenshot(page, 'swahili-2b-notification-phone');

  // 5. The operator tops the member's Jumbo wallet up for a withdrawal.
  const admin = await enrolStaff(api, ADMIN_USERNAME, ADMIN_PASSWORD);
  const adjusted = await api.call('adminadjust', {
    token: admin.token,
    method: 'POST',
    payload: { username: MEMBER.username, wallet: 'balance', amount: TOP_UP, reason: 'e2e: fund a Swahili withdrawal' },
    idempotencyKey: randomUUID(),
  });
  expect(adjusted.resultcode, adjusted.msg).toBe(true);

  // 6. Withdraw: the page, the notice, the form's rules, the live charge and total, and the server's Swahili answer.
  await page.goto('/withdraw');
  await page.getByText('Toa Pesa', { exact: true }).first().waitFor();
  await page.getByTestId('withdraw-notice').getByText('Kabla ya kutoa pesa').waitFor();
  const submit = page.getByRole('button', { name: 'Toa pesa', exact: true });
  await submit.click();
  await page.getByText('Tafadhali chagua akaunti').waitFor();
  await page.getByText('Kiasi kinahitajika').waitFor();
  const account = page.getByLabel('Akaunti', { exact: true });
  await account.selectOption('1');
  const amount = page.getByLabel('Kiasi (KES)');
  await amount.fill('100');
  await submit.click();
  await page.getByText('Kiasi cha chini cha kutoa pesa ni KES 200.00').waitFor();
  await amount.fill(WITHDRAWAL.amount);
  expect(await page.getByTestId('withdraw-summary').textContent()).toBe(
    `Ada${kes(WITHDRAWAL.chargeMinor)}Jumla${kes(WITHDRAWAL.totalMinor)}`,
  );
  await screenshot(page, 'swahili-3-withdraw-phone');
  await submit.click();
  await page.getByText('Ombi lako la kutoa pesa limepokelewa. Litashughulikiwa hivi karibuni.').first().waitFor();

  // 7. The history: Swahili headers and the pending status.
  await page.goto('/withdrawal-history');
  await page.getByRole('heading', { level: 2, name: 'Historia ya Utoaji wa Pesa', exact: true }).waitFor();
  const row = page.getByTestId('withdrawal-row').first();
  await row.getByText('Inasubiri').waitFor();
  expect(await row.textContent()).toContain('300.00');
  expect(await page.getByRole('columnheader').allTextContents()).toEqual(['Na.', 'Kiasi', 'Ada', 'Hali', 'Tarehe', 'Saa']);
  await screenshot(page, 'swahili-4-history-phone');

  // 8. The other earning and money screens say their titles and buttons in Swahili (desktop, same member).
  const desktop = await openInSwahili(DESKTOP, 'swahili-screens');
  await desktop.goto('/login');
  await desktop.locator('#login-username').fill(MEMBER.username);
  await desktop.locator('#login-password').fill(MEMBER.password);
  await desktop.locator('form button[type="submit"]').click();
  await desktop.getByTestId('welcome-username').waitFor();
  await desktop.goto('/pay-for-client');
  await desktop.getByText('Hatua 1 kati ya 2: thibitisha mteja wako').waitFor();
  await desktop.getByText('Historia ya Uhamisho', { exact: true }).waitFor();
  // A client outside the member's team: the server refuses, and its reason arrives in Swahili under the field.
  expectRefusal(desktop, { action: 'confirmpayforclient', status: 404 });
  await desktop.getByLabel('Jina la mtumiaji la mteja').fill('demo_sponsor');
  await desktop.getByRole('button', { name: 'Thibitisha Mteja' }).click();
  await desktop.getByRole('alert').getByText('Mteja hakupatikana kwenye timu yako').first().waitFor();
  await desktop.goto('/my-team/level-1');
  await desktop.getByText('Wanachama wa Ngazi ya 1').waitFor();
  await desktop.getByLabel('Tafuta wanachama').waitFor();
  await desktop.goto('/spin/free');
  // The page's own title (the sidebar's link says the same words once the menu has rendered).
  await desktop.getByTestId('spin-free-page').getByText('Mzunguko wa Bure', { exact: true }).waitFor();
  await desktop.getByRole('button', { name: 'Zungusha' }).waitFor();
  await desktop.getByText('Uwezekano', { exact: true }).waitFor();
  await screenshot(desktop, 'swahili-5-free-spin-desktop');
  await desktop.goto('/deposit');
  await desktop
    .getByText('Kiungo cha malipo', { exact: true })
    .or(desktop.getByText('Nambari ya simu ya M-Pesa'))
    .first()
    .waitFor();
  await desktop.getByTestId('deposit-row').first().getByText('Imekamilika').waitFor();

  for (const each of opened) expect(each.pageErrors).toEqual([]);
});
