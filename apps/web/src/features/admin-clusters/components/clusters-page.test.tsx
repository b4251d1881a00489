import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AdminClusterData, ClusterSummary } from '@tuzo/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { userDataQueryKey } from '@/lib/session';
import { ok, stubFetch } from '@/testing/fetch-boundary';
import { resetAfterEachTest } from '@/testing/render';
import { buildUserData } from '@/testing/user-data';
import { ClustersPage } from './clusters-page';

resetAfterEachTest();

const SUMMARY: ClusterSummary = {
  id: '5',
  state: 'open',
  ring: true,
  members: 3,
  signals: ['device', 'payer_phone'],
  held_total: '400.00',
  held_count: 2,
  review_requests: 1,
  opened_at: '2026-11-28T08:00:00.000Z',
  updated_at: '2026-11-28T09:00:00.000Z',
};
const AT = '2026-11-28T09:00:00.000Z';
const member = (username: string, sponsor: string | null) => ({
  id: username,
  username,
  status: 'active',
  sponsor,
  sponsor_in_cluster: sponsor !== null,
  joined_at: AT,
});
const hold = (id: string, member: string, level: number, amount: string) => ({
  id,
  member,
  from_member: 'ring_c',
  level,
  amount,
  state: 'held' as const,
  held_at: AT,
  decided_at: null,
});
const CLUSTER: AdminClusterData = {
  cluster: SUMMARY,
  members: [member('ring_a', null), member('ring_b', 'ring_a'), member('ring_c', 'ring_b')],
  links: [{ a: 'ring_a', b: 'ring_b', kind: 'device', linking: true, first_seen_at: AT, last_seen_at: AT }],
  money: [{ from: 'ring_c', to: 'ring_b', kind: 'commission_l1 (held)', amount: '250.00', at: AT }],
  holds: [hold('1', 'ring_b', 1, '250.00'), hold('2', 'ring_a', 2, '150.00')],
  reviews: [{ id: '9', member: 'ring_b', message: 'We are brothers with one phone', at: AT }],
  decisions: [],
};

function renderAt(path: string, role: 'operator' | 'support') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const details = buildUserData();
  queryClient.setQueryData(userDataQueryKey, {
    ...details,
    userdetails: { ...details.userdetails, isadmin: role === 'operator', role },
  });
  render(
    <QueryClientProvider client={queryClient}>
      <Toaster />
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/admin/clusters/*" element={<ClustersPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('ClustersPage', () => {
  it('lists the open clusters and filters by state', async () => {
    const requests = stubFetch(
      ok({ clusters: [SUMMARY], page: 1, pages: 1, total: 1 }),
      ok({ clusters: [], page: 1, pages: 1, total: 0 }),
    );
    const user = renderAt('/admin/clusters', 'support');
    const row = await screen.findByTestId('cluster-row');
    expect(within(row).getByRole('link', { name: '#5 (ring)' }).getAttribute('href')).toBe('/admin/clusters/5');
    expect(within(row).getByText('device, payer phone')).toBeTruthy();
    expect(within(row).getByText('400.00 (2)')).toBeTruthy();
    expect(requests[0]!.url).toContain('state=open');
    await user.selectOptions(screen.getByLabelText('State'), 'cleared');
    expect(await screen.findByText('No clusters.')).toBeTruthy();
    expect(requests[1]!.url).toContain('state=cleared');
  });

  it('shows a cluster whole and offers support staff no decision', async () => {
    stubFetch(ok(CLUSTER));
    renderAt('/admin/clusters/5', 'support');
    expect(await screen.findByRole('heading', { name: /Cluster #5/ })).toBeTruthy();
    expect(screen.getAllByTestId('cluster-members-row')).toHaveLength(3);
    expect(screen.getAllByText('upline in cluster')).toHaveLength(2);
    expect(within(screen.getByTestId('cluster-links-row')).getByText('linking')).toBeTruthy();
    expect(screen.getAllByTestId('cluster-holds-row')).toHaveLength(2);
    expect(screen.getByText('We are brothers with one phone')).toBeTruthy();
    expect(
      screen.getByText('Commissions paid inside the cluster and held until a decision', { selector: 'caption' }),
    ).toBeTruthy();
    expect(screen.getByText('No decision yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Decide…' })).toBeNull();
  });

  it('asks for a note, says what clearing does, and sends the decision', async () => {
    const requests = stubFetch(
      ok(CLUSTER),
      ok({ id: '5', state: 'cleared', released: 2, reversed: 0, suspended: 0 }, { msg: 'Cluster cleared' }),
      ok({ ...CLUSTER, cluster: { ...SUMMARY, state: 'cleared' } }),
    );
    const user = renderAt('/admin/clusters/5', 'operator');
    await user.click(await screen.findByRole('button', { name: 'Decide…' }));
    expect((await screen.findByRole('alert')).textContent).toBe('A note of at least 3 characters is required');
    await user.type(screen.getByLabelText(/^Note/), 'Family members, checked by phone');
    await user.click(screen.getByRole('button', { name: 'Decide…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clear this cluster?' });
    expect(dialog.textContent).toContain("Clearing releases 2 held commissions worth 400.00 to the uplines' Jumbo wallets");
    await user.click(within(dialog).getByRole('button', { name: 'Clear the cluster' }));
    expect(await screen.findByText('Cluster cleared')).toBeTruthy();
    expect(requests[1]).toMatchObject({
      method: 'POST',
      body: { id: '5', decision: 'clear', note: 'Family members, checked by phone' },
    });
    expect(requests[1]!.headers.get('Idempotency-Key')).toBeTruthy();
    expect((await screen.findByTestId('cluster-detail')).getAttribute('data-state')).toBe('cleared');
  });

  it('says "sent for approval" when the decision needs a second operator', async () => {
    const request = { approval_id: '12', state: 'pending', kind: 'cluster', amount_system: '400.00', threshold: '100.00' };
    stubFetch(
      ok(CLUSTER),
      {
        status: 202,
        json: {
          status: 202,
          resultcode: true,
          msg: 'Above the four-eyes limit of KES 100.00: request #12 waits for a second operator to approve it',
          data: request,
          info: [],
          code: null,
        },
      },
      ok(CLUSTER),
    );
    const user = renderAt('/admin/clusters/5', 'operator');
    await user.click(await screen.findByLabelText(/^Confirm:/));
    await user.type(screen.getByLabelText(/^Note/), 'One phone pays every fee');
    await user.click(screen.getByRole('button', { name: 'Decide…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm this cluster?' });
    expect(dialog.textContent).toContain('reverses 2 held commissions worth 400.00 to the house and suspends 3 accounts');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm the cluster' }));
    expect((await screen.findByTestId('cluster-sent-for-approval')).textContent).toMatch(
      /^Sent for approval\. Above the four-eyes limit/,
    );
  });
});
