import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failed, ok, stubFetch } from '@/testing/fetch-boundary';
import { countryOptionsQueryOptions } from '@/hooks/use-country-options';
import { NotifyForm } from './notify-form';

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => toast.remove());
});

/** The form with the countries already in the cache, so every fetch the test answers is the broadcast. */
function renderForm() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  queryClient.setQueryData(countryOptionsQueryOptions.queryKey, [{ id: '1', name: 'Kenya' }]);
  render(
    <QueryClientProvider client={queryClient}>
      <Toaster />
      <NotifyForm />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('NotifyForm', () => {
  it('sends by SMS too when "Also send by SMS" is ticked, and says how many SMS were queued', async () => {
    const requests = stubFetch(
      ok(
        { target: 'member', sent: 1, sent_at: '2026-11-25T10:00:00.000Z', sms_queued: 1 },
        { msg: 'Notification sent to 1 member; 1 SMS queued' },
      ),
    );
    const user = renderForm();
    await user.type(screen.getByLabelText('Member username'), 'wanjiku');
    await user.type(screen.getByLabelText('Message'), 'New lessons are out this week.');
    expect(screen.queryByLabelText('SMS in Swahili')).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Also send by SMS' }));
    await user.type(screen.getByLabelText('SMS in Swahili'), 'Masomo mapya yametoka wiki hii.');
    await user.click(screen.getByRole('button', { name: 'Send notification' }));
    expect(await screen.findByText('Notification sent to 1 member; 1 SMS queued')).toBeTruthy();
    expect(requests[0]?.body).toMatchObject({
      target: 'member',
      username: 'wanjiku',
      sms: true,
      msg_sw: 'Masomo mapya yametoka wiki hii.',
    });
  });

  it('requires the Swahili text with "Also send by SMS", and sends none without it', async () => {
    const requests = stubFetch(ok({ target: 'member', sent: 1, sent_at: '2026-11-25T10:00:00.000Z', sms_queued: 0 }));
    const user = renderForm();
    await user.type(screen.getByLabelText('Member username'), 'wanjiku');
    await user.type(screen.getByLabelText('Message'), 'New lessons are out this week.');
    await user.click(screen.getByRole('checkbox', { name: 'Also send by SMS' }));
    await user.click(screen.getByRole('button', { name: 'Send notification' }));
    expect(await screen.findByText('An SMS goes in both languages: write the Swahili text')).toBeTruthy();
    expect(screen.getByLabelText('SMS in Swahili').getAttribute('aria-invalid')).toBe('true');
    expect(requests).toHaveLength(0);
    await user.click(screen.getByRole('checkbox', { name: 'Also send by SMS' }));
    await user.click(screen.getByRole('button', { name: 'Send notification' }));
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.body).not.toHaveProperty('msg_sw');
  });

  it('shows the refusal of a text about gambling under the message', async () => {
    const refusal = 'Promotional SMS may not mention spins, betting or any other gambling';
    const requests = stubFetch(failed(400, 'VALIDATION_FAILED', refusal));
    const user = renderForm();
    await user.type(screen.getByLabelText('Member username'), 'wanjiku');
    await user.type(screen.getByLabelText('Message'), 'New lessons');
    await user.click(screen.getByRole('checkbox', { name: 'Also send by SMS' }));
    await user.type(screen.getByLabelText('SMS in Swahili'), 'Weka dau leo!');
    await user.click(screen.getByRole('button', { name: 'Send notification' }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(requests[0]?.body).toMatchObject({ sms: true });
  });
});
