import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AdminMemberDataSchema, CountrySchema } from '@tuzo/contracts';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failed, ok, stubFetch } from '@/testing/fetch-boundary';
import { MemberActions } from './member-actions';

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => toast.remove());
});

/** A member's page data as the server answers it (checked against the contract). */
const { member: MEMBER } = AdminMemberDataSchema.parse({
  member: {
    id: '12',
    username: 'amina',
    email: 'amina@example.test',
    phone: '254700000001',
    country: 'Kenya',
    status: 'active',
    joined_at: '2026-01-02 10:00:00',
    activated_at: '2026-01-02 10:05:00',
    role: 'member',
    country_id: 1,
    currency: 'KES',
    uplines: [],
  },
  wallets: { balance: '10.00', deposit: '0.00', ads: '0.00', youtube: '0.00', tiktok: '0.00' },
  downlines: [],
  sessions: [],
});
const COUNTRIES = [
  CountrySchema.parse({ id: '1', country: 'Kenya', dial: '254', abrv: 'KE', currency: 'KES' }),
  CountrySchema.parse({ id: '2', country: 'Uganda', dial: '256', abrv: 'UG', currency: 'UGX' }),
];

function renderActions() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <Toaster />
      <MemberActions member={MEMBER} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('MemberActions', () => {
  it('adjusts a wallet: a refusal stays in the dialog, the retry keeps its idempotency key', async () => {
    const requests = stubFetch(
      failed(400, 'INSUFFICIENT_FUNDS', 'The Jumbo wallet holds KES 10.00'),
      ok({ username: 'amina' }, { msg: 'Wallet adjusted' }),
    );
    const user = renderActions();
    await user.click(screen.getByRole('button', { name: 'Adjust wallet' }));
    const dialog = await screen.findByRole('dialog');
    await user.selectOptions(within(dialog).getByLabelText('Wallet'), 'youtube');
    await user.type(within(dialog).getByLabelText(/^Amount/), '-25.00');
    await user.type(within(dialog).getByLabelText(/^Reason/), 'Duplicate task pay');
    await user.click(within(dialog).getByRole('button', { name: 'Adjust wallet' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The Jumbo wallet holds KES 10.00');
    expect(requests[0]).toMatchObject({ url: '/api?action=adminadjust', method: 'POST' });
    expect(requests[0]?.body).toEqual({ username: 'amina', wallet: 'youtube', amount: '-25.00', reason: 'Duplicate task pay' });
    await user.click(within(dialog).getByRole('button', { name: 'Adjust wallet' }));
    expect(await screen.findByText('Wallet adjusted')).toBeTruthy();
    const key = requests[0]?.headers.get('Idempotency-Key');
    expect(key).toBeTruthy();
    expect(requests[1]?.headers.get('Idempotency-Key')).toBe(key);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("edits details: opens with the member's values and sends only what changed", async () => {
    const requests = stubFetch(ok(COUNTRIES), ok({ username: 'amina' }, { msg: 'Member updated' }));
    const user = renderActions();
    await user.click(screen.getByRole('button', { name: 'Edit details' }));
    const dialog = await screen.findByRole('dialog');
    const email = within(dialog).getByLabelText('Email') as HTMLInputElement;
    expect(email.value).toBe('amina@example.test');
    expect((within(dialog).getByLabelText(/^Phone/) as HTMLInputElement).value).toBe('254700000001');
    const country = within(dialog).getByLabelText('Country') as HTMLSelectElement;
    await vi.waitFor(() => expect(country.options).toHaveLength(2));
    expect(country.value).toBe('1');
    await user.clear(email);
    await user.type(email, 'amina@new.test');
    await user.type(within(dialog).getByLabelText(/^Reason/), 'Asked by phone');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Member updated')).toBeTruthy();
    expect(requests[1]).toMatchObject({ url: '/api?action=adminupdatemember', method: 'POST' });
    expect(requests[1]?.body).toEqual({ username: 'amina', email: 'amina@new.test', reason: 'Asked by phone' });
    expect(requests[1]?.headers.get('Idempotency-Key')).toBeNull();
  });

  it('a simple action sends the username and the optional reason', async () => {
    const requests = stubFetch(ok({ username: 'amina' }, { msg: 'Suspended' }));
    const user = renderActions();
    await user.click(screen.getByRole('button', { name: 'Suspend' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Suspend amina?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText('Suspended')).toBeTruthy();
    expect(requests[0]).toMatchObject({ url: '/api?action=adminsuspend', body: { username: 'amina' } });
  });
});
