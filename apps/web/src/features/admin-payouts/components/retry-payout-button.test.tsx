import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AdminPayoutRowSchema, type PayoutState } from '@tuzo/contracts';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userDataQueryKey } from '@/lib/session';
import { failed, stubFetch } from '@/testing/fetch-boundary';
import { buildUserData } from '@/testing/user-data';
import { RetryPayoutButton } from './retry-payout-button';

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => toast.remove());
});

function payoutIn(state: PayoutState) {
  return AdminPayoutRowSchema.parse({
    id: '31',
    withdrawal_id: '17',
    attempt: 1,
    username: 'amina',
    phone: '254700000001',
    provider: 'mpesa_b2c',
    state,
    reference: 'TZ-31',
    amount: '500.00',
    currency: 'KES',
    receipt: null,
    receiver_name: null,
    failure_reason: state === 'failed' ? 'The payment could not be completed' : null,
    provider_detail: null,
    created_at: '2026-11-25 10:00:00',
    sent_at: '2026-11-25 10:00:01',
    settled_at: state === 'failed' ? '2026-11-25 10:00:05' : null,
    provider_answer: state === 'failed' ? 'failed' : null,
    provider_answer_detail: null,
    provider_answer_at: state === 'failed' ? '2026-11-25 10:00:05' : null,
  });
}

/** The button for one payout, as an operator (isadmin) or support staff sees it (the user data in the cache says so). */
function renderButton(state: PayoutState, role: 'operator' | 'support') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const member = buildUserData();
  queryClient.setQueryData(userDataQueryKey, {
    ...member,
    userdetails: { ...member.userdetails, isadmin: role === 'operator', role },
  });
  render(
    <QueryClientProvider client={queryClient}>
      <Toaster />
      <RetryPayoutButton payout={payoutIn(state)} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('RetryPayoutButton', () => {
  it('is offered to operators on a failed payout only', () => {
    renderButton('failed', 'operator');
    expect(screen.getByRole('button', { name: 'Retry payout' })).toBeTruthy();
  });

  it.each(['approved', 'sent', 'unknown', 'paid'] as const)('is not offered for a payout that is %s', (state) => {
    renderButton(state, 'operator');
    expect(screen.queryByRole('button', { name: 'Retry payout' })).toBeNull();
  });

  it('is not offered to support staff', () => {
    renderButton('failed', 'support');
    expect(screen.queryByRole('button', { name: 'Retry payout' })).toBeNull();
  });

  it('confirms what is taken again, then on 202 says it waits for a second operator', async () => {
    const approvalMsg = 'Above the four-eyes threshold: the request waits for a second operator';
    const requests = stubFetch({
      status: 202,
      json: {
        status: 202,
        resultcode: true,
        msg: approvalMsg,
        data: { withdrawal_id: '18', status: '0', payout: null, approval_id: '5' },
        info: [],
        code: null,
      },
    });
    const user = renderButton('failed', 'operator');
    await user.click(screen.getByRole('button', { name: 'Retry payout' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('KES 500.00');
    expect(dialog.textContent).toContain('taken from amina’s wallet again as a new withdrawal');
    expect(dialog.textContent).toContain('a second operator must approve');
    await user.click(within(dialog).getByRole('button', { name: 'Retry payout' }));
    expect(await screen.findByText(approvalMsg)).toBeTruthy();
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url).toContain('action=adminretrypayout');
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.body).toEqual({ id: '31' });
    expect(requests[0]?.headers.get('Idempotency-Key')).toBeTruthy();
  });

  it("shows the server's refusal as an error toast", async () => {
    stubFetch(failed(409, 'CONFLICT', 'The wallet no longer holds KES 510.00'));
    const user = renderButton('failed', 'operator');
    await user.click(screen.getByRole('button', { name: 'Retry payout' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Retry payout' }));
    expect(await screen.findByText('The wallet no longer holds KES 510.00')).toBeTruthy();
  });
});
