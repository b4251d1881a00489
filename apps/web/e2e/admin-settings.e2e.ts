import { expect, test } from 'vitest';
import { PHONE, screenshot, signInMember } from './support/browser.ts';
import { apiHelpers } from './support/api.ts';
import { useE2EContext } from './support/context.ts';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from './support/server.ts';
import { addStaffThroughConsole, approvePending, enrolTwoOperators, signInStaff } from './support/staff.ts';

/**
 * Settings in the operator console: the operator changes the daily reward and a member's dashboard shows it; edits
 * the casino wheel (the expected return is computed while typing, and a wheel outside 90-95 % cannot be saved) and
 * the member's casino odds publish the new return; a support account sees the settings read-only and the server
 * refuses its change. Screenshots at each step.
 */
const MEMBER = { username: 'demo_l1', password: 'demo1234' } as const;
const SUPPORT = { username: 'settings_desk', email: 'settings-desk@tuzo.local', password: 'support-pass-2' } as const;
const OPERATOR_B = {
  username: 'settings_second',
  email: 'settings-second@tuzo.local',
  password: 'second-operator-pass-2',
} as const;

const e2e = useE2EContext();
const api = apiHelpers(() => e2e.server.baseUrl);
test('operator changes the daily reward and the casino wheel; members see both; support is refused', async () => {
  // Money-control settings are four-eyes changes (decision 044): a second operator approves what the first saves.
  const { operatorA: admin, operatorB } = await enrolTwoOperators(
    api,
    e2e.server,
    { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
    OPERATOR_B,
  );
  const page = await e2e.open('settings-operator');
  await signInStaff(page, admin);

  // 1. Settings from the console's navigation; the daily reward changes.
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Operator console' }).getByRole('link', { name: 'Settings' }).click();
  await page.waitForURL('**/admin/settings');
  const reward = page.getByRole('form', { name: 'Daily reward' });
  await reward.getByLabel('Daily reward').fill('abc');
  await reward.getByRole('button', { name: 'Save daily reward' }).click();
  await reward.getByRole('alert').getByText('Enter an amount such as 100.00', { exact: false }).waitFor();
  await reward.getByLabel('Daily reward').fill('175.50');
  await screenshot(page, 'settings-1-daily-reward-desktop');
  await reward.getByRole('button', { name: 'Save daily reward' }).click();
  await page
    .getByText(/^Daily reward: sent for approval \(request #\d+\)/)
    .first()
    .waitFor();
  expect(await approvePending(api, operatorB)).toBe(1);

  // 2. The casino wheel: the expected return follows the weights; out of bounds it cannot be saved.
  const casino = page.getByRole('form', { name: 'Casino wheel' });
  const expected = casino.getByTestId('casino-expected');
  expect(await expected.textContent()).toContain('Expected return: 92.00 %');
  await casino.getByLabel('Weight of segment 1', { exact: true }).fill('200000');
  await expected.getByText("The casino wheel's expected return is 102.70 %", { exact: false }).waitFor();
  expect(await casino.getByRole('button', { name: 'Save casino wheel' }).isDisabled()).toBe(true);
  await screenshot(page, 'settings-2-casino-out-of-bounds-desktop');
  await casino.getByLabel('Weight of segment 1', { exact: true }).fill('90000');
  await casino.getByLabel('Weight of segment 6', { exact: true }).fill('120000');
  await expected.getByText('Expected return: 93.88 %', { exact: false }).waitFor();
  await screenshot(page, 'settings-3-casino-in-bounds-desktop');
  await casino.getByRole('button', { name: 'Save casino wheel' }).click();
  await page
    .getByText(/^Casino wheel: sent for approval/)
    .first()
    .waitFor();
  expect(await approvePending(api, operatorB)).toBe(1);

  // 3. The member sees the new reward on the dashboard and the new return on the casino odds.
  const member = await e2e.open('settings-member', PHONE);
  await signInMember(member, MEMBER);
  await member.goto('/dashboard');
  await member.getByText('175.50', { exact: false }).first().waitFor();
  await screenshot(member, 'settings-4-member-dashboard-phone');
  await member.goto('/spin/casino');
  await member.getByTestId('spin-expected').getByText('Expected return: 93.88 % of the stake', { exact: false }).waitFor();
  await screenshot(member, 'settings-5-member-casino-odds-phone');

  // 4. Support: the operator asks for the account and the second operator approves it; support enrols, sees the settings read-only, and is refused.
  const support = await addStaffThroughConsole(api, { requester: admin, approver: operatorB }, { ...SUPPORT, role: 'support' });
  const supportPage = await e2e.open('settings-support');
  await signInStaff(supportPage, { ...SUPPORT, secret: support.secret });
  await supportPage.goto('/admin/settings');
  await supportPage.getByText('Settings are managed by operators', { exact: false }).waitFor();
  const supportReward = supportPage.getByRole('form', { name: 'Daily reward' });
  expect(await supportReward.getByLabel('Daily reward').inputValue()).toBe('175.50');
  expect(await supportReward.getByLabel('Daily reward').isDisabled()).toBe(true);
  expect(await supportReward.getByRole('button').count()).toBe(0);
  await screenshot(supportPage, 'settings-6-support-read-only-desktop');
  const refused = await api.call('adminsetting', {
    token: support.token,
    method: 'POST',
    payload: { key: 'daily_reward', value: '999.00' },
  });
  expect([refused.status, refused.code]).toEqual([403, 'FORBIDDEN']);
  const after = await api.call<{ balances: { reward: string } }>('userdata', {
    token: await api.login(MEMBER.username, MEMBER.password),
  });
  expect(after.data.balances.reward).toBe('175.50');

  for (const { pageErrors } of e2e.opened) expect(pageErrors).toEqual([]);
});
