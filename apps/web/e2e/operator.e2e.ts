import { expect, test } from 'vitest';
import { expectRefusal, PHONE, screenshot, signInMember } from './support/browser.ts';
import { apiHelpers } from './support/api.ts';
import { useE2EContext } from './support/context.ts';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from './support/server.ts';
import { enrolStaff, signInStaff } from './support/staff.ts';

/**
 * The manual-code review queue end to end: a member submits two transaction codes that match no payment
 * notification; both wait for the operator, who credits one with the amount received and rejects the other on
 * /admin. The member's Deposit wallet grows by exactly the credited amount, once, and Recent Deposits shows it.
 */
const MEMBER = { username: 'demo_l1', password: 'demo1234' } as const;
const CREDITED_CODE = 'QZX12345AB';
const REJECTED_CODE = 'QZX99999ZZ';
const REVIEW_MESSAGE = 'It has been sent for review';

const e2e = useE2EContext();
const api = apiHelpers(() => e2e.server.baseUrl);
test('operator credits one queued manual code and rejects another', async () => {
  const memberToken = await api.login(MEMBER.username, MEMBER.password);
  // The operator turns on two-factor sign-in first (staff actions need it); its session keeps working.
  const admin = await enrolStaff(api, ADMIN_USERNAME, ADMIN_PASSWORD);
  const depositBefore = await api.walletMinor(memberToken, 'deposit');

  // 1. The member submits two codes on the Deposit page (phone); neither matches a payment yet.
  const member = await e2e.open('operator-member', PHONE);
  await signInMember(member, MEMBER);
  await member.goto('/deposit');
  const code = member.getByRole('textbox', { name: 'Transaction code' });
  for (const value of [CREDITED_CODE, REJECTED_CODE]) {
    await code.fill(value);
    await member.getByRole('button', { name: 'Submit code' }).click();
    await member.getByText(REVIEW_MESSAGE).first().waitFor();
  }
  await screenshot(member, 'operator-1-codes-queued-phone');

  // 2. The operator sees both on /admin (desktop), credits the first with the amount received, rejects the second.
  const operator = await e2e.open('operator-desk');
  // Crediting without a typed amount is refused (409) when no payment notification matches: the flow does it on purpose.
  expectRefusal(operator, { action: 'adminresolvecode', status: 409 });
  await signInStaff(operator, { username: ADMIN_USERNAME, password: ADMIN_PASSWORD, secret: admin.secret });
  await operator.goto('/admin');
  const rows = operator.getByTestId('review-code-row');
  await rows.filter({ hasText: CREDITED_CODE }).waitFor();
  expect(await rows.count()).toBe(2);
  await screenshot(operator, 'operator-2-review-queue-desktop');
  const listed = await api.call<{ rows: { id: string; ref_code: string }[] }>('adminreviewcodes', { token: admin.token });
  const creditedId = listed.data.rows.find((row) => row.ref_code === CREDITED_CODE)?.id;
  expect(creditedId).toBeDefined();

  await rows.filter({ hasText: CREDITED_CODE }).getByRole('button', { name: 'Credit' }).click();
  const dialog = operator.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Credit' }).click();
  // No payment notification matches the code: only an operator's typed amount can credit it (below the four-eyes limit).
  await dialog.getByText(/No payment notification from the provider matches this code yet/).waitFor();
  await dialog.getByLabel(/Amount received/).fill('750');
  await dialog.getByRole('button', { name: 'Credit' }).click();
  await rows.filter({ hasText: CREDITED_CODE }).waitFor({ state: 'detached' });

  await rows.filter({ hasText: REJECTED_CODE }).getByRole('button', { name: 'Reject' }).click();
  await operator.getByRole('dialog').getByRole('button', { name: 'Reject' }).click();
  await operator.getByText('No codes waiting for review.').waitFor();
  await screenshot(operator, 'operator-3-queue-empty-desktop');

  // 3. Exactly the credited amount reached the member's Deposit wallet, and Recent Deposits shows it completed.
  expect(await api.walletMinor(memberToken, 'deposit')).toBe(depositBefore + 75_000n);
  await member.reload();
  const deposit = member.getByRole('row').filter({ hasText: CREDITED_CODE });
  await deposit.waitFor();
  expect(await deposit.textContent()).toContain('Completed');
  expect(await deposit.textContent()).toContain('750.00');
  await screenshot(member, 'operator-4-deposit-credited-phone');

  // A second attempt to resolve the same code is refused by the server and moves nothing.
  const operatorToken = admin.token;
  const queue = await api.call<{ rows: unknown[] }>('adminreviewcodes', { token: operatorToken });
  expect(queue.data.rows).toEqual([]);
  const again = await api.call('adminresolvecode', {
    token: operatorToken,
    method: 'POST',
    payload: { id: creditedId, approve: true, amount: '750' },
  });
  expect(again).toMatchObject({ resultcode: false });
  expect(again.status).toBeGreaterThanOrEqual(400);
  expect(again.status).toBeLessThan(500);
  expect(await api.walletMinor(memberToken, 'deposit')).toBe(depositBefore + 75_000n);

  for (const each of e2e.opened) expect(each.pageErrors).toEqual([]);
});
