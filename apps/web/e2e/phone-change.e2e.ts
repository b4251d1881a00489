import { afterAll, expect, test } from 'vitest';
import { apiHelpers } from './support/api.ts';
import { DESKTOP, loginThroughForm, openPage, screenshot, screenshotOnFailure, type OpenPage } from './support/browser.ts';
import { useE2EContext } from './support/context.ts';
import { latestSmsTo } from './support/members.ts';
import { DEMO_MEMBER } from './support/server.ts';

/**
 * A member changes their phone with the code sent by SMS to the new number (decision 045), the old number is told,
 * and the withdraw page then says withdrawals are paused for 72 hours; a withdrawal asked for now is refused.
 */
const e2e = useE2EContext();
const api = apiHelpers(() => e2e.server.baseUrl);
const opened: OpenPage[] = [];
afterAll(async () => Promise.all(opened.map((one) => one.context.close().catch(() => undefined))));

const NEW_LOCAL = '0711223344';
const NEW_PHONE = '+254711223344';

test('a member changes their phone with the SMS code and then sees the withdrawal hold', async () => {
  const next = await openPage(e2e.browser, e2e.server.baseUrl, DESKTOP);
  opened.push(next);
  const { page, pageErrors } = next;
  screenshotOnFailure(() => page, 'phone-change');
  const token = await api.login(DEMO_MEMBER.username, DEMO_MEMBER.password);
  const before = await api.call<{ userdetails: { phone: string } }>('userdata', { token });
  const oldPhone = before.data.userdetails.phone;
  expect(oldPhone).not.toBe(NEW_PHONE);

  await page.goto('/login');
  await loginThroughForm(page, DEMO_MEMBER.username, DEMO_MEMBER.password);
  await page.getByTestId('welcome-username').waitFor();
  await page.goto('/my-data');
  await page.getByRole('main').getByRole('heading', { level: 1, name: 'Your data and account' }).waitFor();

  // 1. The new number and the password: a code goes by SMS to the new number; the phone has not changed yet.
  await page.locator('#change-phone').fill(NEW_LOCAL);
  await page.locator('#change-phone-password').fill(DEMO_MEMBER.password);
  await page.getByRole('button', { name: 'Send code' }).click();
  const form = page.getByRole('form', { name: 'Confirm new number' });
  await form.getByText(`We sent a code by SMS to ${NEW_PHONE}`).waitFor();
  const sms = await latestSmsTo(e2e.server, { phone: NEW_PHONE, kind: 'phone_change_code' });
  const code = /\b(\d{6})\b/.exec(sms ?? '')?.[1];
  expect(code, sms ?? 'no SMS').toMatch(/^\d{6}$/);
  expect((await api.call<{ userdetails: { phone: string } }>('userdata', { token })).data.userdetails.phone).toBe(oldPhone);

  // 2. The code applies the change; the old number is told.
  await page.locator('#change-phone-code').fill(code!);
  await page.getByRole('button', { name: 'Confirm new number' }).click();
  await page.getByText(`Your phone number is now ${NEW_PHONE}`).first().waitFor();
  expect((await api.call<{ userdetails: { phone: string } }>('userdata', { token })).data.userdetails.phone).toBe(NEW_PHONE);
  expect(await latestSmsTo(e2e.server, { phone: oldPhone, kind: 'phone_changed' })).toContain(
    'Withdrawals are paused for 72 hours',
  );

  // 3. The withdraw page says withdrawals are paused, for how long and until when; the server refuses one.
  await page.goto('/withdraw');
  const hold = page.getByTestId('withdrawal-hold');
  await hold.waitFor();
  expect(await hold.textContent()).toContain('Withdrawals are paused');
  expect(await hold.textContent()).toContain('you cannot withdraw for 72 hours after a change');
  await screenshot(page, 'phone-change-withdrawal-hold');
  const refused = await api.call('systemwithdrawal', { token, method: 'POST', payload: { acc: '1', amount: '500.00' } });
  expect(refused.resultcode).toBe(false);
  expect(refused.msg).toContain('withdrawals are paused for 72 hours');
  expect(pageErrors).toEqual([]);
});
