import { parseAmountToMinor } from '@tuzo/contracts';
import type { Page } from 'playwright-core';
import { afterAll, expect, test } from 'vitest';
import { formatReconcileReport, reconcileLedger } from '../../server/src/ledger/reconcile.ts';
import { apiHelpers } from './support/api.ts';
import { DESKTOP, loginThroughForm, openPage, PHONE, screenshot, screenshotOnFailure, type OpenPage } from './support/browser.ts';
import { useE2EContext } from './support/context.ts';
import { DEMO_MEMBER } from './support/server.ts';

/**
 * The spin pages end to end against the embedded PostgreSQL: the free spin (1 s delay, 4 s turn, the winning
 * segment highlighted, the prize in Jumbo), the casino spin (age statement, the stake rules, stake out of Deposit and
 * the win into Jumbo), revealing the seed and verifying a draw in the browser with Web Crypto, and self-exclusion.
 * The ledger reconciles after the flows.
 */
const e2e = useE2EContext();
const opened: OpenPage[] = [];
const api = apiHelpers(() => e2e.server.baseUrl);

async function open(viewport: { width: number; height: number }, name: string): Promise<OpenPage> {
  const next = await openPage(e2e.browser, e2e.server.baseUrl, viewport);
  opened.push(next);
  screenshotOnFailure(() => next.page, name);
  return next;
}

afterAll(async () => {
  for (const o of opened) await o.context.close().catch(() => undefined);
  const report = await reconcileLedger(e2e.server.app.deps.db);
  if (!report.ok) throw new Error(`Ledger does not reconcile after the spin flows:\n${formatReconcileReport(report)}`);
});

const minorOf = (text: string) => parseAmountToMinor(text.replace(/,/g, '')) ?? -1n;

/** Waits for the result line of a spin (1 s delay + request + 4 s animation) and returns it. */
async function waitForResult(page: Page): Promise<string> {
  const result = page.getByTestId('spin-result');
  await expect.poll(async () => (await result.textContent()) ?? '', { timeout: 15_000 }).not.toBe('');
  return (await result.textContent()) ?? '';
}

test('free spin: the wheel turns, lands on the prize, highlights it and pays it into Jumbo once', async () => {
  const token = await api.login(DEMO_MEMBER.username, DEMO_MEMBER.password);
  const jumboBefore = await api.walletMinor(token, 'balance');
  const { page, pageErrors } = await open(DESKTOP, 'spins-free');
  await page.goto('/');
  await loginThroughForm(page, DEMO_MEMBER.username, DEMO_MEMBER.password);
  await page.getByTestId('welcome-username').waitFor();
  await page.goto('/spin/free');
  await page.getByTestId('spin-expected').getByText('Expected prize: KES 16.61.').waitFor();
  await page.getByTestId('spin-seed-hash').waitFor();
  await screenshot(page, 'spins-free-before');

  const spinButton = page.getByTestId('spin-free-page').getByRole('button', { name: 'Spin', exact: true });
  await spinButton.click();
  await page.getByRole('button', { name: 'Spinning...' }).waitFor();
  expect(await page.getByRole('button', { name: 'Spinning...' }).isDisabled()).toBe(true);
  const text = await waitForResult(page);
  expect(text).toMatch(/^(Congratulations! You won KES [\d,]+\.\d{2}|No prize this time)$/);
  const highlighted = await page.getByTestId('spin-wheel').getAttribute('data-highlighted');
  expect(highlighted).toMatch(/^\d+$/);
  expect(await page.locator('[data-winner="true"]').count()).toBe(1);
  const won = text.startsWith('No prize') ? 0n : minorOf(text.replace('Congratulations! You won KES ', ''));
  expect(await api.walletMinor(token, 'balance')).toBe(jumboBefore + won);
  await page.getByTestId('spin-history-row').first().waitFor();
  await screenshot(page, 'spins-free-result');

  // Once per member, ever: the page says so after a reload and the server refuses a second spin.
  await page.reload();
  await page.getByText('You have already used your free spin').waitFor();
  expect(await spinButton.isDisabled()).toBe(true);
  expect((await api.call('freespin', { token })).code).toBe('ALREADY_DONE');
  expect(pageErrors).toEqual([]);
});

test('casino spin: age statement, stake rules, stake out of Deposit, win into Jumbo; then verify the draw', async () => {
  const token = await api.login(DEMO_MEMBER.username, DEMO_MEMBER.password);
  const { page, pageErrors } = await open(PHONE, 'spins-casino');
  await page.goto('/');
  await loginThroughForm(page, DEMO_MEMBER.username, DEMO_MEMBER.password);
  await page.getByTestId('welcome-username').waitFor();
  await page.goto('/spin/casino');
  await page.getByTestId('spin-expected').getByText('Expected return: 92.00 %', { exact: false }).waitFor();

  // Before the first casino spin the member states they are 18 or older.
  await page.getByLabel('I confirm that I am 18 years or older').check();
  await page.getByRole('button', { name: 'Confirm' }).click();
  const stake = page.getByLabel('Stake (KES)');
  await stake.waitFor();

  const spinButton = page.getByTestId('spin-casino-page').getByRole('button', { name: 'Spin', exact: true });
  await stake.fill('10');
  await page.getByText('Minimum stake is 20.00 KES').waitFor();
  expect(await spinButton.isDisabled()).toBe(true);
  await stake.fill('');
  expect(await spinButton.isDisabled()).toBe(true);

  await page.getByLabel('Wallet').selectOption('2');
  const deposit = await api.walletMinor(token, 'deposit');
  const jumbo = await api.walletMinor(token, 'balance');
  await stake.fill(((deposit + 100n) / 100n).toString());
  await page.getByText('Insufficient balance').waitFor();
  await stake.fill('50');
  await screenshot(page, 'spins-casino-before');
  await spinButton.click();
  await page.getByRole('button', { name: 'Spinning...' }).waitFor();
  const text = await waitForResult(page);
  const match = /^x([\d.]+): (?:KES ([\d,]+\.\d{2}) paid into Jumbo|no win this time) \(stake KES 50\.00\)$/.exec(text);
  expect(match, text).not.toBeNull();
  const multiplierHundredths = parseAmountToMinor(match![1]!)!;
  const won = match![2] ? minorOf(match![2]) : 0n;
  expect(won).toBe((5_000n * multiplierHundredths) / 100n);
  expect(await api.walletMinor(token, 'deposit')).toBe(deposit - 5_000n);
  expect(await api.walletMinor(token, 'balance')).toBe(jumbo + won);
  await screenshot(page, 'spins-casino-result');

  // Reveal the seed, then verify the draw in the browser (Web Crypto).
  const hashBefore = (await page.getByTestId('spin-seed-hash').textContent()) ?? '';
  await page.getByRole('button', { name: 'Reveal seed and start a new one' }).click();
  await expect.poll(async () => (await page.getByTestId('spin-seed-hash').textContent()) ?? '').not.toBe(hashBefore);
  const latest = page.getByTestId('spin-history-row').first();
  await latest.getByRole('button', { name: 'Verify' }).click();
  await latest.getByText(/^Verified: segment \d+/).waitFor();
  await latest.scrollIntoViewIfNeeded();
  await screenshot(page, 'spins-verify');
  expect(pageErrors).toEqual([]);
});

test('self-exclusion closes casino spins and the page says so', async () => {
  const token = await api.login(DEMO_MEMBER.username, DEMO_MEMBER.password);
  const { page, pageErrors } = await open(DESKTOP, 'spins-exclusion');
  await page.goto('/');
  await loginThroughForm(page, DEMO_MEMBER.username, DEMO_MEMBER.password);
  await page.getByTestId('welcome-username').waitFor();
  await page.goto('/spin/casino');
  await page.getByLabel('Stake (KES)').waitFor();
  await page.getByLabel('Exclude me from casino spins for').selectOption('7');
  await page.getByRole('button', { name: 'Exclude me' }).click();
  await page.getByRole('button', { name: /Yes, exclude me/ }).click();
  await page
    .getByTestId('spin-closed')
    .getByText('You have excluded yourself from casino spins until', { exact: false })
    .waitFor();
  expect(await page.getByLabel('Stake (KES)').count()).toBe(0);
  const refused = await api.call('requestSpin', { token, method: 'POST', payload: { acc: '2', spin_amount: '20' } });
  expect(refused).toMatchObject({ status: 403, code: 'SELF_EXCLUDED' });
  await screenshot(page, 'spins-excluded');
  expect(pageErrors).toEqual([]);
});
