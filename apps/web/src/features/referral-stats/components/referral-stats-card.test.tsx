import type { ReferralStatsData } from '@tuzo/contracts';
import { renderHook, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failed, ok, stubFetch } from '@/testing/fetch-boundary';
import { renderWithClient, resetAfterEachTest } from '@/testing/render';
import { useReferralVisit } from '../api/record-referral-visit';
import { ReferralStatsCard } from './referral-stats-card';

resetAfterEachTest();

/** 30 days ending 2026-03-11: nothing, except visits and a sign-up on the 10th and an activation today. */
function stats(): ReferralStatsData {
  const days = Array.from({ length: 30 }, (_, index) => {
    const at = new Date(Date.UTC(2026, 1, 10 + index));
    return { day: at.toISOString().slice(0, 10), visits: 0, signups: 0, activations: 0, commissions: '0.00' };
  });
  days[28] = { ...days[28]!, visits: 1234, signups: 1 };
  days[29] = { ...days[29]!, visits: 3, activations: 1, commissions: '250.10' };
  return { currency: 'KES', days };
}

describe('ReferralStatsCard', () => {
  it('shows 30-day totals, a chart with a text alternative and every day in a table, newest first', async () => {
    stubFetch(ok(stats()));
    const { user } = renderWithClient(<ReferralStatsCard />);
    const chart = await screen.findByRole('img');
    expect(chart.textContent).toBe(
      'Visits per day over the last 30 days: 1,237 in all, 1,234 at most on one day (Mar 10), 3 today.',
    );
    expect(screen.getByTestId('referral-total-commissions').textContent).toBe('Commissions (KES)250.10');
    expect(screen.getByTestId('referral-bars').querySelectorAll('rect')).toHaveLength(30);

    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(30);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Mar 11', '3', '0', '1', '250.10']);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Mar 10', '1,234', '1', '0', '0.00']);

    await user.click(screen.getByRole('button', { name: /Commissions/ }));
    expect(screen.getByRole('button', { name: /Commissions/ }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('img').textContent).toBe(
      'Commissions per day over the last 30 days: 250.10 in all, 250.10 at most on one day (Mar 11), 250.10 today.',
    );
    await user.click(screen.getByRole('button', { name: /Sign-ups/ }));
    expect(screen.getByRole('img').textContent).toBe(
      'Sign-ups per day over the last 30 days: 1 in all, 1 at most on one day (Mar 10), 0 today.',
    );
  });

  it('says so when the numbers cannot be loaded', async () => {
    stubFetch(failed(500, 'INTERNAL', ''));
    renderWithClient(<ReferralStatsCard />);
    expect(await screen.findByText('Failed to load your link results')).toBeTruthy();
  });
});

describe('useReferralVisit', () => {
  it('counts a visit once per sponsor and page load, and never for an empty or malformed code', async () => {
    const requests = stubFetch(ok(null), ok(null));
    const { rerender } = renderHook(({ ref }) => useReferralVisit(ref), {
      initialProps: { ref: 'Amina_1' as string | undefined },
    });
    rerender({ ref: 'amina_1' });
    rerender({ ref: undefined });
    rerender({ ref: 'bad code!' });
    rerender({ ref: 'Baraka' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(requests.map((request) => [request.url, request.method, request.body])).toEqual([
      [expect.stringContaining('action=referralvisit'), 'POST', { ref: 'Amina_1' }],
      [expect.stringContaining('action=referralvisit'), 'POST', { ref: 'Baraka' }],
    ]);
  });
});
