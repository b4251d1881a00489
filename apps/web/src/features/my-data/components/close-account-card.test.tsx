import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '@/i18n';
import { failed, ok, stubFetch } from '@/testing/fetch-boundary';
import { renderWithClient, resetAfterEachTest } from '@/testing/render';
import { CloseAccountCard } from './close-account-card';

resetAfterEachTest();

const renderCard = () => renderWithClient(<CloseAccountCard />, { hasToaster: true }).user;

const OPEN = {
  id: '7',
  state: 'requested',
  requested_at: '2026-11-25T10:00:00.000Z',
  due_at: '2026-12-02T10:00:00.000Z',
  days_left: 7,
  decided_at: null,
};

describe('CloseAccountCard', () => {
  it('asks with the password, shows the refusal while money is held, then the days left once asked', async () => {
    const requests = stubFetch(
      ok({ closure: null }),
      failed(409, 'CONFLICT', 'Your wallets still hold money (balance). Withdraw your balances first, then ask again.'),
      ok(OPEN, { msg: 'Your request to close your account has been received' }),
    );
    const user = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Ask to close my account' }));
    expect(await screen.findByText('Password is required')).toBeTruthy();
    await user.type(screen.getByLabelText('Your password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Ask to close my account' }));
    expect(await screen.findByText(/Withdraw your balances first/)).toBeTruthy();
    expect(screen.queryByTestId('closure-status')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Ask to close my account' }));
    expect((await screen.findByTestId('closure-status')).textContent).toBe(
      'You asked to close your account. It closes in 7 days unless you cancel.',
    );
    expect(requests[2]).toMatchObject({ method: 'POST', body: { password: 'secret123' } });
    expect(requests[2]!.url).toContain('action=closeaccount');
  });

  it('speaks Swahili: the days left and the way to keep the account', async () => {
    await act(() => setLanguage('sw'));
    stubFetch(ok({ closure: { ...OPEN, days_left: 1 } }));
    renderCard();
    expect((await screen.findByTestId('closure-status')).textContent).toBe(
      'Umeomba kufunga akaunti yako. Itafungwa baada ya siku 1 usipoghairi.',
    );
    expect(screen.getByRole('button', { name: 'Usifunge akaunti yangu' })).toBeTruthy();
  });
});
