import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubActions } from '@/testing/action-boundary';
import { ok } from '@/testing/fetch-boundary';
import { renderWithClient, startEachTestInSwahili } from '@/testing/render';
import { TeamLevelView } from './team-level-view';
import { TeamPowerTable } from './team-power-table';

const ROW = {
  Name: 'Baraka',
  Phone: '254700000002',
  Country: 'Kenya',
  Earned: '50.00',
  Deposited: '500.00',
  Joined: '2026-01-03 09:00',
};

startEachTestInSwahili();

describe('the team screens in Swahili', () => {
  it('shows a level: summary, search, filter, table headers, member statuses and the pager in Swahili', async () => {
    stubActions({
      myDownlines: ok({
        Level: '2',
        active: 1,
        inactive: 1,
        total: 2,
        Currency: 'KES',
        Earned: '50.00',
        data: [
          { ...ROW, Status: 'Active', Upline: 'amina' },
          { ...ROW, Name: 'Zawadi', Status: 'Dormant', Upline: 'amina' },
        ],
        page: 1,
        pages: 2,
      }),
    });
    renderWithClient(<TeamLevelView level={2} />);
    expect(await screen.findByText('Amewezeshwa')).toBeTruthy();
    expect(screen.getByText('Hajawezeshwa')).toBeTruthy();
    expect(screen.getByText('Wanachama wa Ngazi ya 2')).toBeTruthy();
    expect(screen.getByLabelText('Tafuta wanachama')).toBeTruthy();
    const filter = screen.getByLabelText('Hali');
    expect(
      within(filter)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Wanachama Wote', 'Waliowezeshwa', 'Hawajawezeshwa']);
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Jina',
      'Simu',
      'Hali',
      'Nchi',
      'Mapato',
      'Aliyemwalika',
      'Amana',
      'Alijiunga',
    ]);
    expect(screen.getByTestId('team-summary-total').textContent).toContain('Jumla ya Wanachama');
    expect(screen.getByTestId('team-page-status').textContent).toBe('Ukurasa 1 kati ya 2');
    expect(screen.getByRole('button', { name: 'Ukurasa unaofuata wa timu' }).textContent).toBe('Mbele');
  });

  it('shows Team Power in Swahili', async () => {
    stubActions({
      allmyDownlines: ok({
        l1: { total: 3, active: 2, dormant: 1 },
        l2: { total: 0, active: 0, dormant: 0 },
        l3: { total: 0, active: 0, dormant: 0 },
      }),
    });
    renderWithClient(<TeamPowerTable />, { hasRouter: true });
    expect(await screen.findByRole('link', { name: 'Ngazi ya 1' })).toBeTruthy();
    expect(screen.getByText('Nguvu ya Timu')).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Ngazi',
      'Jumla',
      'Waliowezeshwa',
      'Hawajawezeshwa',
    ]);
  });
});
