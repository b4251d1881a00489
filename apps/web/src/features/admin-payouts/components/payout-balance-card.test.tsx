import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AdminPayoutBalanceDataSchema } from '@tuzo/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

  it('keeps reloading after asking until the balance query answers, even when a payout result came just before', async () => {
    // A payout result reported a moment ago, then the query's answer: only the answer ends the wait.
    const justNow = new Date().toISOString();
    const later = new Date(Date.now() + 500).toISOString();
    const fromResult = { ...BALANCE, is_low: false, source: 'payout result', reported_at: justNow };
    const fromQuery = { ...BALANCE, is_low: false, source: 'balance query', reported_at: later };
    const balances = (each: typeof fromResult) =>
      ok(AdminPayoutBalanceDataSchema.parse({ balances: [each], low_balance_alert: '0.00' }));
    const requests = stubFetch(
      balances(fromResult),
      ok({ asked: true }, { msg: 'Balance asked; M-Pesa answers in a moment' }),
      balances(fromResult),
      balances(fromResult),
      balances(fromQuery),
    );
    renderCard();
    await screen.findByText(/from the payout result/);
    await userEvent.click(screen.getByRole('button', { name: 'Ask M-Pesa for the balance' }));
    expect(await screen.findByText(/from the balance query/, undefined, { timeout: 5_000 })).toBeTruthy();
    expect(requests.map((request) => new URL(request.url, 'http://x').searchParams.get('action'))).toEqual([
      'adminpayoutbalance',
      'adminrequestpayoutbalance',
      'adminpayoutbalance',
      'adminpayoutbalance',
      'adminpayoutbalance',
    ]);
  }, 10_000);
});
