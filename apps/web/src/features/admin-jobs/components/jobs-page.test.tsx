import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AdminJobSchema } from '@tuzo/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { describe, expect, it } from 'vitest';
import { userDataQueryKey } from '@/lib/session';
import { ok, stubFetch } from '@/testing/fetch-boundary';
import { resetAfterEachTest } from '@/testing/render';
import { buildUserData } from '@/testing/user-data';
import { JobsPage } from './jobs-page';

resetAfterEachTest();

function job(name: string, dead: boolean) {
  return AdminJobSchema.parse({
    name,
    state: dead ? 'dead' : 'idle',
    every_seconds: 15,
    holder: dead ? null : 'node-a',
    runs: 40,
    failures: dead ? 3 : 0,
    consecutive_failures: dead ? 3 : 0,
    takeovers: 0,
    dead_letter: dead,
    lag_seconds: dead ? 120 : 0,
    next_run_at: '2026-11-28T10:00:00.000Z',
    last_run_at: '2026-11-28T09:59:45.000Z',
    last_succeeded_at: dead ? null : '2026-11-28T09:59:45.000Z',
    last_error: dead ? 'provider down' : null,
  });
}

const jobs = (deadSms: boolean) =>
  ok({ jobs: [job('payout-sweep', false), job('sms-sender', deadSms)], lease_seconds: 60, dead_after: 3 });

function renderPage(role: 'operator' | 'support') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const member = buildUserData();
  queryClient.setQueryData(userDataQueryKey, {
    ...member,
    userdetails: { ...member.userdetails, isadmin: role === 'operator', role },
  });
  render(
    <QueryClientProvider client={queryClient}>
      <Toaster />
      <JobsPage />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('JobsPage', () => {
  it('shows each job, and revives a dead letter for an operator', async () => {
    const requests = stubFetch(
      jobs(true),
      ok({ name: 'sms-sender', state: 'idle' }, { msg: 'Job sms-sender revived' }),
      jobs(false),
    );
    const user = renderPage('operator');
    const rows = await screen.findAllByTestId('job-row');
    expect(rows.map((row) => row.getAttribute('data-job'))).toEqual(['payout-sweep', 'sms-sender']);
    expect(within(rows[0]!).getByText('node-a')).toBeTruthy();
    expect(within(rows[1]!).getByText('dead letter')).toBeTruthy();
    expect(within(rows[1]!).getByText('120 s')).toBeTruthy();
    expect(within(rows[0]!).queryByRole('button')).toBeNull();

    await user.click(within(rows[1]!).getByRole('button', { name: 'Revive the job sms-sender' }));
    expect(await screen.findByText('Job sms-sender revived')).toBeTruthy();
    expect(requests[1]).toMatchObject({ method: 'POST', body: { name: 'sms-sender' } });
    expect(requests[1]!.url).toContain('adminrevivejob');
    expect(await screen.findAllByText('idle')).toHaveLength(2);
  });

  it('offers no revive to support staff', async () => {
    stubFetch(jobs(true));
    renderPage('support');
    expect(await screen.findByText('dead letter')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Revive/ })).toBeNull();
  });
});
