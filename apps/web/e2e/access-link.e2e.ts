import type { Page } from 'playwright-core';
import { afterAll, expect, test } from 'vitest';
import { formatReconcileReport, reconcileLedger } from '../../server/src/ledger/reconcile.ts';
import { apiHelpers } from './support/api.ts';
import { expectRefusal, loginThroughForm, openPage, type OpenPage, screenshot, screenshotOnFailure } from './support/browser.ts';
import { useE2EContext } from './support/context.ts';

/**
 * Access links (spec part 1, /access/<token>): a member asks for a link on the profile page and opens it in another
 * browser, which always asks "Sign in as <username>?" first (login CSRF, issue 23 §6), also with nobody signed in;
 * declining leaves the browser signed out and the link unspent; confirming shows "Please wait" and lands in the app
 * signed in; the same link opened again is refused; a browser where another member is signed in names them in the
 * question (keep or switch), and the link is spent only on a switch.
 */
const e2e = useE2EContext();
const api = apiHelpers(() => e2e.server.baseUrl);
const opened: OpenPage[] = [];

afterAll(async () => {
  const report = await reconcileLedger(e2e.server.app.deps.db);
  if (!report.ok) throw new Error(`Ledger does not reconcile after the access link flows:\n${formatReconcileReport(report)}`);
});
let current: Page | undefined;

async function open(): Promise<Page> {
  const next = await openPage(e2e.browser, e2e.server.baseUrl);
  opened.push(next);
  current = next.page;
  return next.page;
}

const pathOf = (link: string) => new URL(link).pathname;

async function issueLinkFor(username: string): Promise<string> {
  const token = await api.login(username, 'demo1234');
  const issued = await api.call<{ link: string }>('accesslink', { token, method: 'POST', payload: {} });
  expect(issued.resultcode, issued.msg).toBe(true);
  return issued.data.link;
}

test('a link from the profile signs in once on another browser; opened again it is refused', async () => {
  screenshotOnFailure(() => current, 'access-link');
  const phone = await open();
  await phone.goto('/login');
  await loginThroughForm(phone, 'demo_l2', 'demo1234');
  await phone.getByTestId('welcome-username').waitFor();
  await phone.goto('/profile');
  await phone.getByRole('button', { name: 'Get access link' }).click();
  const field = phone.getByTestId('access-link');
  await field.waitFor();
  const link = await field.inputValue();
  expect(link).toMatch(/\/access\/[A-Za-z0-9_-]{43}$/);
  await phone.getByText(/^Valid until .+, for one sign-in\.$/).waitFor();
  await screenshot(phone, 'access-link-profile');

  const laptop = await open();
  // Nobody is signed in here: the page still asks before anything happens (the server answers 409 CONFIRM_SIGN_IN).
  expectRefusal(laptop, { action: 'accessexchange', status: 409 });
  await laptop.goto(pathOf(link));
  await laptop.getByRole('heading', { name: 'Sign in as demo_l2?' }).waitFor();
  await screenshot(laptop, 'access-link-ask-signed-out');
  // Declining goes home signed out, the link unspent.
  await laptop.getByRole('button', { name: 'No, do not sign in' }).click();
  await laptop.waitForURL((url) => !url.pathname.startsWith('/access/'));
  await laptop.waitForLoadState('networkidle');
  expect(await laptop.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
  expect(await laptop.getByTestId('welcome-username').count()).toBe(0);

  await laptop.goto(pathOf(link));
  await laptop.getByRole('button', { name: 'Sign in as demo_l2' }).click();
  await laptop.getByRole('heading', { name: 'Please wait' }).waitFor();
  await screenshot(laptop, 'access-link-wait');
  await laptop.getByTestId('welcome-username').waitFor({ timeout: 15_000 });
  expect(await laptop.getByTestId('welcome-username').textContent()).toBe('demo_l2');
  expect(new URL(laptop.url()).pathname).toBe('/');

  const again = await open();
  // The spent link is refused (400) on purpose.
  expectRefusal(again, { action: 'accessexchange', status: 400 });
  await again.goto(pathOf(link));
  await again.getByRole('heading', { name: 'Access link not accepted' }).waitFor();
  expect(await again.getByRole('alert').textContent()).toBe(
    'This access link was already used. Ask for a new one from your profile.',
  );
  expect(await again.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
  await screenshot(again, 'access-link-used');
  for (const page of opened) expect(page.pageErrors).toEqual([]);
});

test('with another member signed in, the page asks first: keep leaves the link unspent, switch signs in', async () => {
  screenshotOnFailure(() => current, 'access-link-switch');
  const shared = await open();
  // The exchange answers 409 CONFIRM_SIGN_IN until the person chooses.
  expectRefusal(shared, { action: 'accessexchange', status: 409 });
  await shared.goto('/login');
  await loginThroughForm(shared, 'demo_l1', 'demo1234');
  await shared.getByTestId('welcome-username').waitFor();
  const link = await issueLinkFor('demo_sponsor');

  await shared.goto(pathOf(link));
  await shared.getByRole('heading', { name: 'Sign in as demo_sponsor?' }).waitFor();
  await shared.getByText('This link signs in').waitFor();
  await screenshot(shared, 'access-link-ask');
  await shared.getByRole('button', { name: 'Keep demo_l1' }).click();
  await shared.getByTestId('welcome-username').waitFor();
  expect(await shared.getByTestId('welcome-username').textContent()).toBe('demo_l1');

  await shared.goto(pathOf(link));
  await shared.getByRole('button', { name: 'Sign in as demo_sponsor' }).click();
  await shared.getByRole('heading', { name: 'Please wait' }).waitFor();
  await shared.waitForFunction(() => window.location.pathname === '/', undefined, { timeout: 15_000 });
  await shared.getByTestId('welcome-username').waitFor();
  expect(await shared.getByTestId('welcome-username').textContent()).toBe('demo_sponsor');
  for (const page of opened) expect(page.pageErrors).toEqual([]);
});
