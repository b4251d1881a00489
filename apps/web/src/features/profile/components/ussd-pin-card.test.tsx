import type { UserDetails } from '@tuzo/contracts';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '@/i18n';
import { failed, ok, stubFetch } from '@/testing/fetch-boundary';
import { renderWithClient, resetAfterEachTest } from '@/testing/render';
import { buildUserData } from '@/testing/user-data';
import { UssdPinCard } from './ussd-pin-card';

resetAfterEachTest();

type UssdState = { ussd_pin_set: boolean; ussd_locked: boolean };
const detailsWith = (state: UssdState): UserDetails => ({ ...buildUserData().userdetails, ...state });

const renderCard = (state: UssdState) =>
  renderWithClient(<UssdPinCard details={detailsWith(state)} />, { hasToaster: true }).user;

async function fillIn(user: ReturnType<typeof renderCard>, values: { pin: string; again: string; password: string }) {
  await user.type(screen.getByLabelText('New PIN (4 digits)'), values.pin);
  await user.type(screen.getByLabelText('Confirm new PIN'), values.again);
  await user.type(screen.getByLabelText('Your password'), values.password);
}

describe('UssdPinCard', () => {
  it('takes digits only, never remembered by the browser, and checks the PIN before sending anything', async () => {
    const requests = stubFetch();
    const user = renderCard({ ussd_pin_set: false, ussd_locked: false });
    expect(screen.getByText(/Set a 4-digit PIN/)).toBeTruthy();
    const pin = screen.getByLabelText('New PIN (4 digits)') as HTMLInputElement;
    for (const input of [pin, screen.getByLabelText('Confirm new PIN') as HTMLInputElement]) {
      expect([input.inputMode, input.autocomplete, input.type, input.maxLength]).toEqual(['numeric', 'off', 'password', 4]);
    }
    expect(screen.queryByTestId('ussd-locked')).toBeNull();

    await user.type(pin, '12a');
    await user.click(screen.getByRole('button', { name: 'Set PIN' }));
    expect(await screen.findAllByText('The USSD PIN must be 4 digits')).toHaveLength(2);
    expect(screen.getByText('Enter your password')).toBeTruthy();
    expect(pin.getAttribute('aria-invalid')).toBe('true');
    await user.clear(pin);
    await fillIn(user, { pin: '4821', again: '4822', password: 'secret123' });
    await user.click(screen.getByRole('button', { name: 'Set PIN' }));
    expect(await screen.findByText('The two PINs do not match')).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('sends setussdpin and clears the form when the server saved it', async () => {
    const requests = stubFetch(ok(null, { msg: 'OK' }));
    const user = renderCard({ ussd_pin_set: false, ussd_locked: false });
    await fillIn(user, { pin: '4821', again: '4821', password: 'secret123' });
    await user.click(screen.getByRole('button', { name: 'Set PIN' }));
    expect(await screen.findByText('Your USSD PIN is set')).toBeTruthy();
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url).toContain('action=setussdpin');
    expect(requests[0]).toMatchObject({ method: 'POST', body: { pin: '4821', pin_confirmation: '4821', password: 'secret123' } });
    expect((screen.getByLabelText('New PIN (4 digits)') as HTMLInputElement).value).toBe('');
  });

  it('shows the server’s refusal and keeps what was typed', async () => {
    stubFetch(failed(400, 'VALIDATION_FAILED', 'Current password is incorrect'));
    const user = renderCard({ ussd_pin_set: true, ussd_locked: false });
    expect(screen.getByText('Your USSD PIN is set. You can change it here.')).toBeTruthy();
    await fillIn(user, { pin: '1357', again: '1357', password: 'wrong' });
    await user.click(screen.getByRole('button', { name: 'Change PIN' }));
    expect(await screen.findByText('Current password is incorrect')).toBeTruthy();
    expect((screen.getByLabelText('New PIN (4 digits)') as HTMLInputElement).value).toBe('1357');
  });

  it('says when USSD withdrawals are locked and unlocks them with the password', async () => {
    const requests = stubFetch(ok(null, { msg: 'OK' }));
    const user = renderCard({ ussd_pin_set: true, ussd_locked: true });
    const locked = screen.getByTestId('ussd-locked');
    expect(locked.textContent).toContain('USSD withdrawals are locked after three wrong PINs');
    await user.click(within(locked).getByRole('button', { name: 'Unlock' }));
    const dialog = await screen.findByRole('dialog');
    const password = within(dialog).getByLabelText('Your password') as HTMLInputElement;
    expect(password.autocomplete).toBe('current-password');
    await user.click(within(dialog).getByRole('button', { name: 'Unlock' }));
    expect(await within(dialog).findByText('Enter your password')).toBeTruthy();
    expect(requests).toHaveLength(0);
    await user.type(password, 'secret123');
    await user.click(within(dialog).getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText('USSD withdrawals are unlocked')).toBeTruthy();
    expect(requests[0]!.url).toContain('action=unlockussd');
    expect(requests[0]).toMatchObject({ method: 'POST', body: { password: 'secret123' } });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is not shown for user data kept from before the server had USSD', () => {
    const { ussd_pin_set: _set, ussd_locked: _locked, ...older } = buildUserData().userdetails;
    const { container } = renderWithClient(<UssdPinCard details={older as UserDetails} />);
    expect(container.textContent).toBe('');
  });

  it('speaks Swahili', async () => {
    await act(() => setLanguage('sw'));
    const user = renderCard({ ussd_pin_set: false, ussd_locked: true });
    expect(screen.getByText('PIN ya USSD')).toBeTruthy();
    await user.type(screen.getByLabelText('PIN mpya (tarakimu 4)'), '1234');
    await user.type(screen.getByLabelText('Thibitisha PIN mpya'), '1235');
    await user.click(screen.getByRole('button', { name: 'Weka PIN' }));
    expect(await screen.findByText('PIN mbili hazilingani')).toBeTruthy();
    expect(screen.getByText('Weka nenosiri lako')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Fungua' })).toBeTruthy();
  });
});
