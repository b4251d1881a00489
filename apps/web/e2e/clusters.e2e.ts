import { randomUUID } from 'node:crypto';
import type { Envelope } from '@tuzo/contracts';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { screenshot, signInMember } from './support/browser.ts';
import { apiHelpers } from './support/api.ts';
import { useE2EContext } from './support/context.ts';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from './support/server.ts';
import { enrolStaff, signInStaff } from './support/staff.ts';

/**
 * A self-referral ring end to end (issue 27, decisions 061 and 062): three members sign up on one device, each under
 * the one before, are given a deposit and activate, so the uplines' commissions are held. The top upline sees the held
 * card on /share and asks for a review; the operator opens Clusters, sees the ring, its device links, the held
 * commissions and the review request, and clears it with a note; the member's holds then read Released and the
 * commissions are in their Jumbo wallet.
 */
const e2e = useE2EContext();
const api = apiHelpers(() => e2e.server.baseUrl);
const PASSWORD = 'ring-pass-1234';
/** One device for the whole ring: the web's X-Device-Id (16 to 64 of A-Z a-z 0-9 _ -). */
const DEVICE = `e2e-ring-${randomUUID().slice(0, 12)}`;
const RING = ['ring_top', 'ring_mid', 'ring_low'] as const;

/** An action call from the ring's one device, as the web app sends it. */
async function fromDevice<T = unknown>(
  action: string,
  options: { token?: string; payload: unknown; idempotencyKey?: string },
): Promise<Envelope<T>> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', 'X-Device-Id': DEVICE };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  const response = await fetch(`${e2e.server.baseUrl}/api?action=${action}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(options.payload),
  });
  return (await response.json()) as Envelope<T>;
}

/** The ring: each signs up under the one before on the one device, gets KES 1,000.00 deposited, and activates. */
async function plantRing(operatorToken: string): Promise<void> {
  for (const [index, username] of RING.entries()) {
    const signup = await fromDevice('register', {
      payload: {
        username,
        email: `${username}@example.com`,
        phone: `+25471255${String(index).padStart(4, '0')}`,
        password: PASSWORD,
        repassword: PASSWORD,
        country: '1',
        upline: index === 0 ? null : RING[index - 1],
      },
    });
    expect(signup.resultcode, signup.msg).toBe(true);
    const deposit = await api.call('admindeposit', {
      token: operatorToken,
      method: 'POST',
      payload: { username, amount: '1000', reference: `E2E-RING-${index}`, reason: 'e2e: the ring pays its fees' },
      idempotencyKey: randomUUID(),
    });
    expect(deposit.resultcode, deposit.msg).toBe(true);
    const login = await fromDevice<{ access_token: string }>('login', { payload: { username, password: PASSWORD } });
    expect(login.resultcode, login.msg).toBe(true);
    const activated = await fromDevice('activateaccount', { token: login.data.access_token, payload: {} });
    expect(activated.resultcode, activated.msg).toBe(true);
  }
}

const holdRows = (page: Page) => page.getByTestId('hold-row');

/** The top upline sees why their commissions are held and asks for a review. */
async function memberAsksForReview(page: Page): Promise<void> {
  await signInMember(page, { username: RING[0], password: PASSWORD });
  await page.goto('/share');
  const card = page.getByTestId('held-commissions');
  await card.getByRole('heading', { name: 'Held commissions' }).waitFor();
  expect(await card.getByTestId('holds-reason').textContent()).toMatch(/^Your commission is held while we check/);
  await expect.poll(() => holdRows(page).count()).toBe(2);
  expect(await holdRows(page).filter({ hasText: RING[1] }).textContent()).toContain('KES 250.00');
  expect(await holdRows(page).filter({ hasText: RING[2] }).textContent()).toContain('Level 2');
  await page.getByLabel('Your message').fill('short');
  await page.getByRole('button', { name: 'Ask for a review' }).click();
  await card.getByText('Tell us in at least 10 characters').waitFor();
  await page.getByLabel('Your message').fill('These are my cousins; we share one phone at home.');
  await page.getByRole('button', { name: 'Ask for a review' }).click();
  await card.getByTestId('holds-review-requested').waitFor();
  expect(await card.getByTestId('holds-review-requested').textContent()).toMatch(/^Review requested on /);
  await screenshot(page, 'clusters-member-held');
}

/** The operator finds the ring on Clusters, reads it, and clears it with a note. */
async function operatorClears(page: Page, secret: string): Promise<void> {
  await signInStaff(page, { username: ADMIN_USERNAME, password: ADMIN_PASSWORD, secret });
  await page.getByRole('navigation', { name: 'Operator console' }).getByRole('link', { name: 'Clusters' }).click();
  const row = page.getByTestId('cluster-row').filter({ hasText: 'device' });
  await row.waitFor();
  expect(await row.textContent()).toContain('650.00 (3)');
  await row.getByRole('link', { name: /\(ring\)$/ }).click();
  await page.getByRole('heading', { name: /^Cluster #\d+/ }).waitFor();
  await expect.poll(() => page.getByTestId('cluster-members-row').count()).toBe(3);
  expect(await page.getByTestId('cluster-links-row').filter({ hasText: 'linking' }).count()).toBeGreaterThanOrEqual(2);
  expect(await page.getByTestId('cluster-holds-row').count()).toBe(3);
  await page.getByText('These are my cousins; we share one phone at home.').waitFor();

  await page.getByLabel(/^Clear:/).check();
  await page.getByLabel(/^Note/).fill('Cousins at one address; checked their IDs by phone.');
  await page.getByRole('button', { name: 'Decide…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Clear this cluster?' });
  await dialog.waitFor();
  expect(await dialog.textContent()).toContain('Clearing releases 3 held commissions worth 650.00');
  await screenshot(page, 'clusters-decide');
  await dialog.getByRole('button', { name: 'Clear the cluster' }).click();
  await page.getByText('Cluster cleared').first().waitFor();
  await expect.poll(() => page.getByTestId('cluster-detail').getAttribute('data-state')).toBe('cleared');
  expect(await page.getByTestId('cluster-holds-row').filter({ hasText: 'released' }).count()).toBe(3);
}

test('a ring on one device: the member asks for a review, the operator clears it, the holds are released', async () => {
  const operator = await enrolStaff(api, ADMIN_USERNAME, ADMIN_PASSWORD);
  await plantRing(operator.token);
  const topToken = await api.login(RING[0], PASSWORD);
  const before = await api.walletMinor(topToken, 'balance');

  const member = await e2e.open('clusters-member');
  await memberAsksForReview(member);
  const desk = await e2e.open('clusters-operator');
  await operatorClears(desk, operator.secret);

  // The top upline's two commissions (250.00 + 150.00) are in their Jumbo wallet once, and the card says Released.
  expect(await api.walletMinor(topToken, 'balance')).toBe(before + 40_000n);
  await member.reload();
  await expect.poll(() => holdRows(member).filter({ hasText: 'Released' }).count()).toBe(2);
  expect(await member.getByRole('button', { name: 'Ask for a review' }).count()).toBe(0);
  await screenshot(member, 'clusters-member-released');
});
