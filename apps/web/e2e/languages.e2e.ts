import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { dashboardTexts } from '@/features/dashboard/texts';
import { apiHelpers } from './support/api.ts';
import { loginThroughForm, openPage, PHONE, screenshot, screenshotOnFailure } from './support/browser.ts';
import { useE2EContext } from './support/context.ts';
import { DEMO_MEMBER } from './support/server.ts';

const e2e = useE2EContext();
const api = apiHelpers(() => e2e.server.baseUrl);
let page: Page | undefined;

/** The English texts of the dashboard's bundle found in `text`, placeholders cut out ("{count} pts" looks for "pts"). */
function englishDashboardTextsIn(text: string): string[] {
  return Object.values(dashboardTexts.en)
    .flatMap((message) => message.split(/\{[^{}]*\}/))
    .map((part) => part.trim())
    .filter((part) => part.length > 2 && text.includes(part));
}

async function visibleText(target: Page): Promise<string> {
  return target.locator('body').innerText();
}

async function accessToken(target: Page): Promise<string> {
  const token = await target.evaluate(() => localStorage.getItem('access_token'));
  if (!token) throw new Error('No access token in the browser');
  return token;
}

test('phone: a member switches to Kiswahili in the profile and every dashboard text changes', async () => {
  const opened = await openPage(e2e.browser, e2e.server.baseUrl, PHONE);
  page = opened.page;
  screenshotOnFailure(() => page, 'language-dashboard');
  await page.goto('/login');
  await loginThroughForm(page, DEMO_MEMBER.username, DEMO_MEMBER.password);
  await page.getByTestId('welcome-username').waitFor();
  const balance = await page.getByTestId('wallet-balance').locator('p').textContent();
  const before = await visibleText(page);
  const englishBefore = englishDashboardTextsIn(before);
  expect(englishBefore.length, englishBefore.join(' | ')).toBeGreaterThan(20);
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');

  await page.getByRole('link', { name: 'Profile', exact: true }).click();
  const language = page.getByRole('group', { name: 'Language' });
  await language.waitFor();
  // The switch is a radio group: reached by keyboard, changed with the arrow keys.
  await language.getByRole('radio', { name: 'English' }).focus();
  const saved = page.waitForRequest((request) => request.url().includes('action=setlanguage'));
  // Once saved, the user data is refreshed: that call already asks for Swahili.
  const refreshed = page.waitForRequest((request) => request.url().includes('action=userdata'));
  await page.keyboard.press('ArrowRight');
  expect((await saved).postDataJSON()).toEqual({ language: 'sw' });
  expect((await saved).headers()['accept-language']).toBe('en');
  expect((await refreshed).headers()['accept-language']).toBe('sw');
  await page.getByText('Lugha imehifadhiwa').first().waitFor();
  await page.getByRole('group', { name: 'Lugha' }).waitFor();
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('sw');
  const details = await api.call<{ userdetails: { language: string } }>('userdata', { token: await accessToken(page) });
  expect(details.data.userdetails.language).toBe('sw');
  await screenshot(page, 'language-profile-sw');

  // Back to the dashboard through the Swahili menu.
  await page.getByRole('button', { name: 'Fungua au funga menyu' }).click();
  await page.getByRole('dialog', { name: 'Menyu kuu' }).getByRole('link', { name: 'Dashibodi' }).click();
  await page.getByText('Salio la Jumbo').waitFor();
  await page.getByRole('dialog', { name: 'Menyu kuu' }).waitFor({ state: 'detached' });

  const after = await visibleText(page);
  expect(englishDashboardTextsIn(after)).toEqual([]);
  for (const text of [
    'Karibu tena,',
    'Pochi ya Jumbo',
    'Pochi ya Amana',
    'Bonasi ya Kila Siku',
    'Kiungo cha Mwaliko',
    'Dashibodi',
  ])
    expect(after, text).toContain(text);
  // What rightly does not change: the member's name and the money.
  expect(await page.getByTestId('welcome-username').textContent()).toBe(DEMO_MEMBER.username);
  expect(await page.getByTestId('wallet-balance').locator('p').textContent()).toBe(balance);
  await screenshot(page, 'language-dashboard-sw');

  // A new visit opens in the member's language straight away.
  await page.reload();
  await page.getByText('Pochi ya Jumbo').waitFor();
  expect(englishDashboardTextsIn(await visibleText(page))).toEqual([]);
  expect(opened.pageErrors).toEqual([]);
});

test('phone: a visitor signs up in Kiswahili and, signed in, sees Swahili screens', async () => {
  const opened = await openPage(e2e.browser, e2e.server.baseUrl, PHONE);
  page = opened.page;
  screenshotOnFailure(() => page, 'language-signup');
  await page.goto('/signup');
  await page.getByRole('heading', { name: 'Create your account' }).waitFor();
  await page.getByTestId('language-switch').getByText('Kiswahili').click();
  await page.getByRole('heading', { name: 'Fungua akaunti yako' }).waitFor();
  expect(await page.evaluate(() => localStorage.getItem('tuzo.language'))).toBe('sw');

  await page.getByLabel('Jina la mtumiaji').fill('mwanachama_sw');
  await page.getByText('Jina la mtumiaji linapatikana').waitFor();
  await page.getByLabel('Barua pepe').fill('mwanachama_sw@example.com');
  await page.getByText('Barua pepe inapatikana').waitFor();
  await page.getByLabel('Nchi').selectOption({ label: 'Kenya (+254)' });
  await page.getByLabel('Nambari ya simu').pressSequentially('712000999');
  await page.getByText('Nambari ya simu inapatikana').waitFor();
  await page.getByLabel('Nenosiri', { exact: true }).fill('secret123');
  await page.getByLabel('Thibitisha nenosiri').fill('secret12');
  await page.getByRole('button', { name: 'Jisajili' }).click();
  await page.getByText('Manenosiri hayalingani').waitFor();
  await page.getByLabel('Thibitisha nenosiri').fill('secret123');
  await screenshot(page, 'language-signup-sw');
  await page.getByRole('button', { name: 'Jisajili' }).click();
  await page.getByText('Usajili umefaulu!').waitFor();
  await page.waitForURL('**/login');
  await page.getByRole('heading', { name: 'Karibu tena' }).waitFor();

  // The new member's language is Swahili on the server.
  const token = await api.login('mwanachama_sw', 'secret123');
  const details = await api.call<{ userdetails: { language: string } }>('userdata', { token });
  expect(details.data.userdetails.language).toBe('sw');

  // Even when this browser is set back to English, signing in shows the member's own language.
  await page.getByTestId('language-switch').getByText('English').click();
  await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
  await loginThroughForm(page, 'mwanachama_sw', 'secret123');
  await page.getByTestId('activation-page').waitFor();
  await page.getByRole('button', { name: 'Toka' }).waitFor();
  const activation = await visibleText(page);
  expect(activation).toMatch(/Wezesha akaunti yako|Weka pesa ili kuwezesha akaunti/);
  expect(activation).not.toMatch(/Activate your account|Deposit to activate|Logout/);
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('sw');
  await screenshot(page, 'language-activation-sw');
  expect(opened.pageErrors).toEqual([]);
});
