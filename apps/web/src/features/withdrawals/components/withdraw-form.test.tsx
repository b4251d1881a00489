import { WITHDRAWAL_MESSAGES } from '@tuzo/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failed, ok, stubFetch } from '@/testing/fetch-boundary';
import { renderWithClient, resetAfterEachTest } from '@/testing/render';
import { buildUserData } from '@/testing/user-data';
import { WithdrawForm } from './withdraw-form';

resetAfterEachTest();

function renderForm() {
  const { user } = renderWithClient(<WithdrawForm user={buildUserData()} />, { hasToaster: true });
  return {
    user,
    account: screen.getByLabelText('Account') as HTMLSelectElement,
    amount: screen.getByLabelText('Amount (KES)') as HTMLInputElement,
    submit: screen.getByRole('button', { name: 'Withdraw' }),
  };
}

/** The message a Field shows under its control, found the way a screen reader does (aria-describedby). */
function fieldMessage(control: HTMLElement): string | null {
  const id = control.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

describe('WithdrawForm', () => {
  it('lists the wallets with their balances', () => {
    const { account } = renderForm();
    const labels = within(account)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(labels).toEqual([
      'Select account',
      'Jumbo (KES 1,000.00)',
      'YouTube (KES 250.50)',
      'TikTok (KES 0.00)',
      'Ads (KES 40.00)',
    ]);
  });

  it('shows the contract messages under the empty fields and marks them invalid', async () => {
    const { user, account, amount, submit } = renderForm();
    await user.click(submit);
    expect(await screen.findByText(WITHDRAWAL_MESSAGES.selectAccount)).toBeTruthy();
    expect(account.getAttribute('aria-invalid')).toBe('true');
    expect(fieldMessage(account)).toBe(WITHDRAWAL_MESSAGES.selectAccount);
    expect(fieldMessage(amount)).toBe('Amount is required');
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      WITHDRAWAL_MESSAGES.selectAccount,
      'Amount is required',
    ]);
  });

  it('shows the live charge and total for the Jumbo wallet, only the total for the others', async () => {
    const { user, account, amount } = renderForm();
    await user.selectOptions(account, '1');
    await user.type(amount, '500');
    expect(screen.getByTestId('withdraw-charge').textContent).toBe('KES 30.00');
    expect(screen.getByTestId('withdraw-total').textContent).toBe('KES 530.00');
    await user.selectOptions(account, '3');
    expect(screen.queryByTestId('withdraw-charge')).toBeNull();
    expect(screen.getByTestId('withdraw-total').textContent).toBe('KES 500.00');
  });

  it('holds the Jumbo wallet to the minimum and the balance including the charge', async () => {
    const { user, account, amount, submit } = renderForm();
    await user.selectOptions(account, '1');
    await user.type(amount, '99');
    await user.click(submit);
    expect(await screen.findByText('Minimum withdrawal amount is KES 100.00')).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, '980');
    await user.click(submit);
    expect(await screen.findByText(WITHDRAWAL_MESSAGES.exceedsBalance)).toBeTruthy();
    expect(amount.getAttribute('aria-invalid')).toBe('true');
  });

  it('sends the amount with 2 decimals and an idempotency key, then clears the amount', async () => {
    const requests = stubFetch(ok({}, { msg: WITHDRAWAL_MESSAGES.accepted }));
    const { user, account, amount, submit } = renderForm();
    await user.selectOptions(account, '1');
    await user.type(amount, '150.5');
    await user.click(submit);
    expect(await screen.findByText(WITHDRAWAL_MESSAGES.accepted)).toBeTruthy();
    expect(requests[0]?.url).toBe('/api?action=systemwithdrawal');
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.body).toEqual({ acc: '1', amount: '150.50' });
    expect(requests[0]?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(amount.value).toBe('');
    expect(account.value).toBe('1');
  });

  it('puts a balance refusal of the server under the amount and keeps the amount', async () => {
    stubFetch(failed(409, 'INSUFFICIENT_FUNDS', 'Insufficient balance'));
    const { user, account, amount, submit } = renderForm();
    await user.selectOptions(account, '3');
    await user.type(amount, '200');
    await user.click(submit);
    expect(await screen.findByText('Insufficient balance')).toBeTruthy();
    expect(fieldMessage(amount)).toBe(WITHDRAWAL_MESSAGES.exceedsBalance);
    expect(amount.value).toBe('200');
  });
});
