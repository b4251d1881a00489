import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AdminPayoutsDataSchema } from '@tuzo/contracts';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/i18n';
import { ok, stubFetch } from '@/testing/fetch-boundary';
import { RestoredBanner } from './restored-banner';

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => setLanguage('en'));
});

function renderBanner() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RestoredBanner />
    </QueryClientProvider>,
  );
}

const QUEUE = { rows: [], page: 1, limit: 1, total: 0, counts: { approved: 0, sent: 0, unknown: 0, paid: 0, failed: 0 } };
const RESTORED = { recovery_point: '2026-11-28T09:30:00.000Z', marked_at: '2026-11-28T10:00:00.000Z', in_flight: 3, awaiting: 2 };

describe('RestoredBanner', () => {
  it('says payouts are paused after a restore and how many payouts still wait, in English and Swahili', async () => {
    stubFetch(ok(AdminPayoutsDataSchema.parse({ ...QUEUE, restored: RESTORED })));
    renderBanner();
    const banner = await screen.findByTestId('payouts-restored');
    expect(banner.textContent).toContain('payouts are paused');
    expect(banner.textContent).toContain('2 of 3 payouts');
    await act(() => setLanguage('sw'));
    expect((await screen.findByTestId('payouts-restored')).textContent).toContain('Malipo 2 kati ya 3');
  });

  it('shows nothing while payouts run', async () => {
    stubFetch(ok(AdminPayoutsDataSchema.parse({ ...QUEUE, restored: null })));
    renderBanner();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByTestId('payouts-restored')).toBeNull();
  });
});
