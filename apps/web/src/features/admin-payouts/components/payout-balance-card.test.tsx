import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AdminPayoutBalanceDataSchema } from '@tuzo/contracts';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/lib/format-date';
import { ok, stubFetch } from '@/testing/fetch-boundary';
import { PayoutBalanceCard } from './payout-balance-card';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderCard() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <PayoutBalanceCard />
    </QueryClientProvider>,
  );
}

const BALANCE = {
  provider: 'mpesa_b2c',
  currency: 'KES',
  balance: '1200.00',
  source: 'B2C result',
  reported_at: '2026-11-25 10:00:00',
  is_low: true,
};

describe('PayoutBalanceCard', () => {
  it('says since when a low balance has been low', async () => {
    stubFetch(
      ok(
        AdminPayoutBalanceDataSchema.parse({
          balances: [{ ...BALANCE, low_since: '2026-11-25 09:30:00' }],
          low_balance_alert: '5000.00',
        }),
      ),
    );
    renderCard();
    const alert = await screen.findByTestId('low-balance-alert');
    expect(alert.textContent).toContain(`Low since ${formatDateTime('2026-11-25 09:30:00')}`);
  });

  it('still warns when the server does not say since when (low_since absent)', async () => {
    stubFetch(ok(AdminPayoutBalanceDataSchema.parse({ balances: [BALANCE], low_balance_alert: '5000.00' })));
    renderCard();
    const alert = await screen.findByTestId('low-balance-alert');
    expect(alert.textContent).toContain('below the alert');
    expect(alert.textContent).not.toContain('Low since');
  });
});
